import type { AppRouter } from '@kith/api';
import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { transformer } from '@kith/validators/transformer';

/** React hooks for every procedure of the API (`trpc.auth.login.useMutation()`). */
export const trpc = createTRPCReact<AppRouter>();

/** The plain client, for router loaders and the session check outside React. */
export type ApiClient = ReturnType<typeof createTRPCClient<AppRouter>>;

/** Calls that manage the session themselves and must never trigger the refresh retry. */
const SESSION_CALLS = new Set(['auth.check', 'auth.refresh', 'auth.logout']);

/** True for the error a protected call answers without a valid session. */
export function isForbidden(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data?.code === 'FORBIDDEN';
}

/** One refresh at a time: concurrent 403s wait for the same attempt. */
let refreshing: Promise<boolean> | null = null;

/** Refreshes the session once (shared by concurrent callers); resolves whether it worked. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch('/api/trpc/auth.refresh', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
    .then((res) => res.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** SPEC §7 "Auth retry": when a refresh fails, log out and reload the page. */
export async function logoutAndReload(): Promise<void> {
  await fetch('/api/trpc/auth.logout', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
  window.location.reload();
}

/**
 * SPEC §7 "Auth retry": on FORBIDDEN from any call but the session's own, refresh the session
 * and retry the call once; if the refresh fails, log out and reload the page.
 */
const refreshOnForbiddenLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let retried = false;
      let subscription = next(op).subscribe({ next: onNext, error: onError, complete: onComplete });

      function onNext(value: Parameters<typeof observer.next>[0]) {
        observer.next(value);
      }
      function onComplete() {
        observer.complete();
      }
      function onError(error: TRPCClientError<AppRouter>) {
        if (retried || SESSION_CALLS.has(op.path) || !isForbidden(error)) {
          observer.error(error);
          return;
        }
        retried = true;
        void refreshSession().then((ok) => {
          if (!ok) {
            void logoutAndReload();
            observer.error(error);
            return;
          }
          subscription = next(op).subscribe({ next: onNext, error: onError, complete: onComplete });
        });
      }
      return () => subscription.unsubscribe();
    });

function createLinks() {
  return [
    refreshOnForbiddenLink,
    httpBatchLink({
      // Absolute, so the same link works in the browser and in tests (jsdom with Node's fetch).
      url: `${window.location.origin}/api/trpc`,
      transformer,
      fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
    }),
  ];
}

/** The client the React hooks use. */
export function createTrpcReactClient() {
  return trpc.createClient({ links: createLinks() });
}

/** A plain client with the same links, for code outside components. */
export function createApiClient(): ApiClient {
  return createTRPCClient<AppRouter>({ links: createLinks() });
}
