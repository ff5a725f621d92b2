import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
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
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
