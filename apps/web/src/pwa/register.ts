import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (`/sw.js`, built by vite-plugin-pwa, docs/offline.md) in
 * production builds only, once the page has loaded (Workbox waits for `load`, so it never
 * competes with the first paint). A browser driven by automation (`navigator.webdriver`, the
 * e2e tests) gets none unless the page set `window.__kithServiceWorker`: a worker would
 * answer the requests those tests intercept, and download every asset in each test's new
 * browser context.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined') return;
  if (!('serviceWorker' in navigator)) return;
  const optedIn = (window as { __kithServiceWorker?: boolean }).__kithServiceWorker === true;
  if (navigator.webdriver && !optedIn) return;
  void new Workbox('/sw.js', { scope: '/' }).register().catch(() => undefined);
}
