import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../lib/session';
import { OFFLINE_API_CACHE } from './sw-handlers';

/**
 * Removes everything kept of a person's data for reading offline: the service worker's copies
 * of the API's answers (Cache Storage, `OFFLINE_API_CACHE`). Kith persists no query cache
 * (docs/offline.md#privacy), so nothing else is on disk. Resolves once they are gone; never
 * rejects (a browser without Cache Storage has nothing to remove).
 */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_API_CACHE).catch(() => false);
}

type SessionData = { id: string } | null | undefined;

/**
 * Watches the session query (`sessionQueryKey`) of `queryClient`, in one place for every way
 * a person stops being signed in (docs/offline.md#privacy):
 * - it becomes `null` (sign-out, account deletion, a session that could not be refreshed):
 *   the offline copies are forgotten (`forgetOfflineData`);
 * - it becomes another person than the one seen before on this page: the offline copies and
 *   every query of the previous person held in memory are dropped, so nothing of one
 *   account is shown to the next.
 * Returns the function that stops watching.
 */
export function forgetOnSignOut(queryClient: QueryClient): () => void {
  let lastUser: string | null = null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryKey[0] !== sessionQueryKey[0]) return;
    const user = event.query.state.data as SessionData;
    if (!user) {
      void forgetOfflineData();
      return;
    }
    if (lastUser !== null && lastUser !== user.id) {
      void forgetOfflineData();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    }
    lastUser = user.id;
  });
}
