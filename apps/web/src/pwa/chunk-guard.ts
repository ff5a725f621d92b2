import { isOffline } from './offline';

/** The key TanStack Router sets before reloading the page for a screen's missing code. */
const ROUTER_RELOAD_KEY = 'tanstack_router_reload:';

/**
 * Keeps a screen whose code failed to load offline from reloading the page. The router
 * reloads once when a lazy screen's code is missing (a new deploy removed the old files);
 * offline, that reload ends on the browser's own error page, which stays even when the network
 * returns. Vite announces every failed dynamic import (`vite:preloadError`) before the router
 * sees it: offline, the router's reload key is set for that error, so it shows its error
 * screen instead, and the key is removed once back online, when a reload can work again
 * (docs/offline.md#screens-not-yet-loaded). Returns the function that stops guarding.
 */
export function guardChunkReloads(): () => void {
  const marked = new Set<string>();
  const onPreloadError = (event: Event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (!isOffline() || !(error instanceof Error)) return;
    const key = ROUTER_RELOAD_KEY + error.message;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
      marked.add(key);
    } catch {
      // No session storage: the router cannot reload either.
    }
  };
  const onOnline = () => {
    for (const key of marked) sessionStorage.removeItem(key);
    marked.clear();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('online', onOnline);
  };
}
