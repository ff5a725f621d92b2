import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (`/sw.js`, built by vite-plugin-pwa, docs/offline.md) in
 * production builds only, once the page has loaded (Workbox waits for `load`, so it never
 * competes with the first paint).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined') return;
  if (!('serviceWorker' in navigator)) return;
  void new Workbox('/sw.js', { scope: '/' }).register().catch(() => undefined);
}
