/**
 * Prerenders the public pages after `vite build`
 * (docs/decisions/0014-prerendered-public-pages.md): builds `src/prerender.tsx` for
 * Node, renders each page under jsdom as a visitor with no session sees it, and writes
 * `dist/prerendered/<page>.html` (with brotli and gzip copies): the built `index.html` with
 * the page's markup inside `#root` and its title. The server sends them to visitors without a
 * session cookie; the app then renders over them.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { build } from 'vite';

const webDir = resolve(import.meta.dirname, '..');
const distDir = join(webDir, 'dist');
const ssrDir = join(webDir, 'node_modules/.prerender');

await build({
  root: webDir,
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
    rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
  },
});

// The browser globals the app's modules read, from a DOM at the site's own origin.
const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
const { window } = dom;
window.matchMedia ??= (query) => ({
  matches: false,
  media: query,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  onchange: null,
  dispatchEvent: () => false,
});
for (const name of [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'matchMedia',
  'HTMLElement',
  'Element',
  'Node',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
]) {
  if (!(name in globalThis) || name === 'navigator') {
    Object.defineProperty(globalThis, name, {
      value: window[name],
      configurable: true,
      writable: true,
    });
  }
}
// Nothing is fetched while prerendering: the session check finds nobody signed in.
window.fetch = globalThis.fetch = async () => new Response(null, { status: 503 });

/**
 * The code each page's screen loads after the entry (the router's split route components,
 * the landing page's lazy screen): their stylesheets go in the page's <head>, so it paints
 * styled before any script has run.
 */
const pageModules = (path) =>
  path === '/'
    ? ['src/routes/index.tsx?tsr-split=component', 'src/features/landing/home-landing.tsx']
    : [
        'src/routes/_public.tsx?tsr-split=component',
        `src/routes/_public${path}.tsx?tsr-split=component`,
      ];
const manifest = JSON.parse(await readFile(join(distDir, '.vite/manifest.json'), 'utf8'));

/** The stylesheets of `modules` and of every chunk they import, as the manifest lists them. */
function stylesheetsOf(modules) {
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of chunk.css ?? []) css.add(`/${file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`${module} is not in the Vite manifest`);
    visit(module);
  }
  return [...css];
}

const { PUBLIC_PAGES, prerenderPage } = await import(
  pathToFileURL(join(ssrDir, 'prerender.mjs')).href
);
const template = await readFile(join(distDir, 'index.html'), 'utf8');
await mkdir(join(distDir, 'prerendered'), { recursive: true });
for (const path of PUBLIC_PAGES) {
  const rendered = await prerenderPage(path);
  // React renders the route's <title> where HeadContent stands; it belongs in <head>.
  const title = /<title>([^<]*)<\/title>/.exec(rendered)?.[1];
  // The router's scroll-restoration script is for server rendering: the app's CSP refuses
  // inline scripts, and the browser's own render (hydration) has no such element.
  const html = rendered
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  if (!title || !html.includes('<h1')) throw new Error(`prerendering ${path} gave no page`);
  const links = stylesheetsOf(pageModules(path))
    .filter((href) => !template.includes(href))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('');
  const page = template
    .replace('<div id="root"></div>', `<div id="root" data-prerendered>${html}</div>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace('</head>', `${links}</head>`);
  const file = join(distDir, 'prerendered', `${path === '/' ? 'index' : path.slice(1)}.html`);
  await writeFile(file, page);
  await writeFile(`${file}.br`, brotliCompressSync(page));
  await writeFile(`${file}.gz`, gzipSync(page, { level: 9 }));
  console.log(`prerendered ${path} (${Math.round(page.length / 1024)} KB)`);
}
await rm(ssrDir, { recursive: true, force: true });
// React and the router keep timers; the pages are written.
process.exit(0);
