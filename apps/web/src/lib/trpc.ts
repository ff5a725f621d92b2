import type { AppRouter } from '@kith/api';
import { fetchWithTimeout, isForbidden, refreshOnForbiddenLink, shared } from '@kith/client/links';
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { transformer } from '@kith/validators/transformer';
import { TRPC_MAX_BATCH_SIZE } from '@kith/validators/trpc-limits';

/** React hooks for every procedure of the API (`trpc.auth.login.useMutation()`). */
export const trpc = createTRPCReact<AppRouter>();

/** The plain client, for router loaders and the session check outside React. */
export type ApiClient = ReturnType<typeof createTRPCClient<AppRouter>>;

export { isForbidden };

/** The browser's fetch with the shared time limit. */
export const timedFetch = fetchWithTimeout((input, init) => fetch(input, init));

/** Refreshes the session once (shared by concurrent callers); resolves whether it worked. */
export const refreshSession = shared(() =>
  timedFetch('/api/trpc/auth.refresh', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
    .then((res) => res.ok)
    .catch(() => false),
);

/** When a refresh fails, log out and reload the page (docs/product/legacy-api.md#auth-retry). */
export async function logoutAndReload(): Promise<void> {
  await fetch('/api/trpc/auth.logout', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
  window.location.reload();
}

function createLinks() {
  const http = {
    // Absolute, so the same link works in the browser and in tests (jsdom with Node's fetch).
    url: `${window.location.origin}/api/trpc`,
    transformer,
    // Every call gives up after REQUEST_TIMEOUT_MS with 'Request aborted'
    // (docs/product/messages.md#error-catalogue).
    fetch: (input: RequestInfo | URL, init?: RequestInit) =>
      timedFetch(input, { ...init, credentials: 'include' }),
  };
  return [
    refreshOnForbiddenLink({ refresh: refreshSession, onRefreshFailed: logoutAndReload }),
    // A call made with `context: { skipBatch: true }` goes alone: a batch answers when its
    // slowest call does, so the list's windows never hold the session check back.
    splitLink({
      condition: (op) => op.context.skipBatch === true,
      true: httpLink(http),
      false: httpBatchLink({ ...http, maxItems: TRPC_MAX_BATCH_SIZE }),
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
