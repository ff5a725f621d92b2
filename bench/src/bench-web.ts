/**
 * `pnpm bench:web`: builds the web app, reports each route's initial JS and CSS (gzip), and
 * runs Lighthouse (mobile emulation, Debian's Chromium) on the landing page and on the
 * contacts list of a seeded account. Prints tables and adds them to bench/results.json.
 * Not part of `pnpm test`.
 *
 * Settings: BENCH_WEB_CONTACTS, the seeded account's contacts (5000).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createDb } from '@kith/db';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../e2e/chromium.mjs';
import { signIn, startBenchApp } from './bench-app';
import { seedBook } from './seed';

const CONTACTS = Number(process.env.BENCH_WEB_CONTACTS ?? 5_000);
const webDir = resolve(import.meta.dirname, '../../apps/web');
const distDir = join(webDir, 'dist');
const log = (line: string) => console.log(`[bench:web] ${line}`);

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The route component chunks each screen loads first (TanStack Router code splitting). */
const ROUTES: Record<string, string[]> = {
  '/ (landing)': ['src/routes/index.tsx', 'src/features/landing/home-landing.tsx'],
  '/ (contacts list)': [
    'src/routes/index.tsx',
    'src/features/contacts/components/home-contacts.tsx',
  ],
  '/login': ['src/routes/_auth.tsx', 'src/routes/_auth/login.tsx'],
  '/signup': ['src/routes/_auth.tsx', 'src/routes/_auth/signup.tsx'],
  '/help': ['src/routes/_public.tsx', 'src/routes/_public/help.tsx'],
  '/favorite': ['src/routes/_app.tsx', 'src/routes/_app/favorite.tsx'],
  '/person/$id': ['src/routes/_app.tsx', 'src/routes/_app/person/$id.tsx'],
};

function initialAssets(): { route: string; jsKb: number; cssKb: number }[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gzipKb = (file: string) =>
    Math.round((gzipSync(readFileSync(join(distDir, file))).length / 1024) * 10) / 10;
  const collect = (key: string, js: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) collect(imported, js, css);
  };
  return Object.entries(ROUTES).map(([route, components]) => {
    const js = new Set<string>();
    const css = new Set<string>();
    collect('index.html', js, css);
    for (const component of components) {
      const key = component.startsWith('src/routes/')
        ? `${component}?tsr-split=component`
        : component;
      collect(key, js, css);
    }
    const sum = (files: Set<string>) =>
      Math.round([...files].reduce((total, file) => total + gzipKb(file), 0) * 10) / 10;
    return { route, jsKb: sum(js), cssKb: sum(css) };
  });
}

async function runLighthouse(url: string, cookie?: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumArgs,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result!.lhr;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? -1;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      tbtMs: Math.round(audit('total-blocking-time')),
    };
  } finally {
    await chrome.kill();
  }
}

log('building the web app');
execFileSync('pnpm', ['build'], { cwd: webDir, stdio: 'inherit' });
if (!existsSync(join(distDir, '.vite/manifest.json'))) throw new Error('no Vite manifest');
const assets = initialAssets();
console.table(assets);

log(`seeding an account with ${CONTACTS} contacts`);
const database = await createDb();
const book = await seedBook(
  database.db,
  { mainContacts: CONTACTS, otherAccounts: 0, otherContacts: 0 },
  log,
);
const { app, origin } = await startBenchApp(database, {
  env: {
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: distDir,
    PORT: '3199',
    PUBLIC_URL: 'http://localhost:3199',
  },
  serveWeb: true,
  port: 3199,
});
const cookie = await signIn(origin, book.email);

const lighthouseResults = [
  { page: 'landing (/)', ...(await runLighthouse(`${origin}/`)) },
  {
    page: `contacts list (/, ${CONTACTS} contacts)`,
    ...(await runLighthouse(`${origin}/`, cookie)),
  },
];
console.table(lighthouseResults);
await app.close();
await database.close();

const resultsFile = resolve(import.meta.dirname, '../results.json');
const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
writeFileSync(
  resultsFile,
  `${JSON.stringify(
    {
      ...previous,
      web: {
        date: new Date().toISOString(),
        initialAssetsGzipKb: assets,
        lighthouse: lighthouseResults,
      },
    },
    null,
    2,
  )}\n`,
);
log(`written to ${resultsFile}`);
process.exit(0);
