import type { AppRouter } from '@kith/api';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';

/** The name of the error a change refused offline carries (`OfflineError`). */
const OFFLINE_ERROR_NAME = 'OfflineError';

/**
 * A change refused before it was sent because the browser is offline: nothing reached the
 * server, so nothing was saved (docs/offline.md#changes-while-offline).
 */
export class OfflineError extends Error {
  constructor() {
    super('You are offline');
    this.name = OFFLINE_ERROR_NAME;
  }
}

/** Whether the browser says it has no network now (`navigator.onLine`, HTML Living Standard). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Whether `error`, or what caused it, is an `OfflineError`. */
export function isOfflineError(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e.name === OFFLINE_ERROR_NAME) return true;
  }
  return false;
}

/**
 * Refuses every mutation at once while the browser is offline, with a `TRPCClientError`
 * caused by an `OfflineError`: a save fails in a moment with a clear message and the form
 * keeps what was typed, instead of a request that would only fail (or wait) later. Reads go
 * on: the service worker may answer them from what it kept (docs/offline.md#what-is-kept).
 */
export function offlineWritesLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        if (op.type === 'mutation' && isOffline()) {
          observer.error(TRPCClientError.from(new OfflineError()));
          return;
        }
        const subscription = next(op).subscribe(observer);
        return () => subscription.unsubscribe();
      });
}

/**
 * A fetch that refuses a request other than GET/HEAD at once while offline (`OfflineError`),
 * for the uploads and imports the web app sends without tRPC.
 */
export function refuseWritesOffline(baseFetch: typeof fetch): typeof fetch {
  return (input, init) => {
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && isOffline()) {
      return Promise.reject(new OfflineError());
    }
    return baseFetch(input, init);
  };
}
