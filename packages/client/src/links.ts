import type { AppRouter } from '@kith/api/client-types';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { ContactsApiError } from './errors';

/** Calls that manage the session themselves and must never trigger the refresh retry. */
const SESSION_CALLS = new Set(['auth.check', 'auth.refresh', 'auth.logout']);

/** True for the error a protected call answers without a live session (HTTP 403). */
export function isForbidden(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data?.code === 'FORBIDDEN';
}

export interface RefreshOnForbiddenOptions {
  /** Refreshes the session; resolves whether it worked. Concurrent callers share one try. */
  refresh: () => Promise<boolean>;
  /** Called when the refresh failed, before the original error is passed on. */
  onRefreshFailed?: () => void;
}

/**
 * SPEC §7 "Auth retry": on FORBIDDEN from any call but the session's own, refresh the session
 * and retry the call once. If the refresh fails, `onRefreshFailed` runs and the caller gets
 * the original error.
 */
export function refreshOnForbiddenLink(options: RefreshOnForbiddenOptions): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let retried = false;
        const forward = () =>
          next(op).subscribe({
            next: (value) => observer.next(value),
            error: onError,
            complete: () => observer.complete(),
          });
        let subscription = forward();

        function onError(error: TRPCClientError<AppRouter>) {
          if (retried || SESSION_CALLS.has(op.path) || !isForbidden(error)) {
            observer.error(error);
            return;
          }
          retried = true;
          void options.refresh().then((ok) => {
            if (!ok) {
              options.onRefreshFailed?.();
              observer.error(error);
              return;
            }
            subscription = forward();
          });
        }
        return () => subscription.unsubscribe();
      });
}

/** Turns every failure into a `ContactsApiError`, so callers can read status and fields. */
export const typedErrorsLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) =>
          observer.error(error instanceof ContactsApiError ? error : new ContactsApiError(error)),
        complete: () => observer.complete(),
      }),
    );

/**
 * One refresh at a time: `shared(fn)` returns a function that runs `fn` once for every caller
 * that arrives while it is running.
 */
export function shared<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= fn().finally(() => {
      running = null;
    });
    return running;
  };
}
