import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import {
  forgetThenSend,
  isApiRead,
  isNavigation,
  isSignOut,
  offlineApiRead,
  pageOrShell,
} from './src/pwa/sw-handlers.ts';

const api = 'http://localhost:3000';

/** The brand colour (theme.ts's primary, `cyan.8`): the installed app's title bar. */
const THEME_COLOR = '#0c8599';

/** Mantine's components, its menus' floating-ui, the icons and the list's virtualizer. */
const UI_LIBRARIES =
  /node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(@mantine|@floating-ui|@tabler|@tanstack[\\/](react-)?virtual)/;

/**
 * A handful of chunks instead of ~150 (docs/performance.md#the-first-screen-in-a-handful-of-chunks):
 * over HTTP/1.1 a page opens six connections, and the list's 80 small files queued its first
 * call behind them. What every page runs first is two files (the libraries, our code); the UI
 * libraries ten screens or more share one more; each screen keeps its own chunk.
 */
const CHUNK_GROUPS = [
  // React, React DOM, the router, Query with tRPC, i18next, Mantine's provider.
  { name: 'vendor', test: /node_modules/, tags: ['$initial' as const], priority: 4 },
  { name: 'app', tags: ['$initial' as const], priority: 3 },
  {
    name: 'ui',
    test: UI_LIBRARIES,
    priority: 2,
    minShareCount: 10,
  },
];

/** The modules of a returning person's `/` that the entry chunk does not import itself. */
const FIRST_SCREEN = [
  '/src/routes/index.tsx?tsr-split=component',
  '/src/routes/-home-contacts.tsx',
];

/**
 * Writes `<meta name="kith-first-screen" data-for content>` tags into index.html: the files of
 * `/`'s signed-in screen (`home`) and of each catalogue (`en`, `es`), which `public/boot.js` preloads beside the entry
 * chunk instead of after it has run (docs/performance.md#the-first-screen-in-a-handful-of-chunks).
 */
function firstScreenPreloads(): Plugin {
  return {
    name: 'kith-first-screen-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle, chunk: entry } = context;
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const withImports = (fileName: string, into: Set<string>): Set<string> => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
          return into;
        };
        const initial = withImports(entry.fileName, new Set());
        const filesOf = (suffixes: string[]) => {
          const files = new Set<string>();
          for (const c of chunks) {
            if (suffixes.some((suffix) => c.facadeModuleId?.endsWith(suffix))) {
              withImports(c.fileName, files);
            }
          }
          return [...files].filter((file) => !initial.has(file)).map((file) => `/${file}`);
        };
        const files = [
          ...filesOf(FIRST_SCREEN).map((file) => ['home', file]),
          ...filesOf(['/src/locales/en.json']).map((file) => ['en', file]),
          ...filesOf(['/src/locales/es.json']).map((file) => ['es', file]),
        ];
        // One file a tag, each in its own quoted attribute.
        return files.map(([group, file]) => ({
          tag: 'meta',
          attrs: { name: 'kith-first-screen', 'data-for': group, content: file },
          injectTo: 'head-prepend' as const,
        }));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    firstScreenPreloads(),
    // The installable app and its service worker (docs/offline.md): every built script, style
    // and icon precached, so every screen opens offline; the API's reads kept per call and a
    // page load answered with the shell when the network fails (src/pwa/sw-handlers.ts).
    VitePWA({
      // Registered by src/pwa/register.ts, in production builds only.
      injectRegister: false,
      strategies: 'generateSW',
      manifest: {
        id: '/',
        name: 'Kith — your private address book',
        short_name: 'Kith',
        description: 'Kith is a free, ad-free, privacy-first address book for your contacts.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        // Drawn from the Kith mark by scripts/make-icons.mjs.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The prerendered pages are for visitors' first paint from the server; offline, the
        // shell renders any page.
        globIgnores: ['prerendered/**', '.vite/**', '**/*.map'],
        // A page load goes to the network first (pageOrShell), never to a cached shell.
        navigateFallback: null,
        // Not even for `/`: a visitor still gets the prerendered landing page from the server.
        directoryIndex: null,
        cleanupOutdatedCaches: true,
        // A new worker takes over at once; the page is never reloaded under a person's typing.
        skipWaiting: true,
        clientsClaim: true,
        sourcemap: false,
        runtimeCaching: [
          { urlPattern: isApiRead, handler: offlineApiRead, method: 'GET' },
          { urlPattern: isSignOut, handler: forgetThenSend, method: 'POST' },
          { urlPattern: isNavigation, handler: pageOrShell, method: 'GET' },
        ],
      },
    }),
    // Brotli and gzip copies of every text asset, made once at build and served as files
    // (the server's preCompressed), not compressed again on each request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|webmanifest|txt)$/,
      threshold: 1024,
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': api, '/uploads': api, '/dav': api, '/.well-known': api },
  },
  // The manifest lets `pnpm bench:web` count each route's initial JS and CSS.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // The browser's chunks; the prerender's Node build (scripts/prerender.mjs) is one file.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              groups: CHUNK_GROUPS,
              // Common chunks under 8 KB (before minification) go into each screen that uses
              // them: a few KB repeated rather than dozens of sub-kilobyte requests.
              experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
            },
          },
        },
  },
}));
