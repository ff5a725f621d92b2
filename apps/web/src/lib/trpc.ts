import type { AppRouter } from '@kith/api';
import {
  CALL_TIMEOUT_MS,
  fetchWithTimeout,
  isForbidden,
  LONG_CALLS,
  refreshOnForbiddenLink,
  REQUEST_TIMEOUT_MS,
  shared,
} from '@kith/client/links';
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { transformer } from '@kith/validators/transformer';
import { TRPC_MAX_BATCH_SIZE } from '@kith/validators/trpc-limits';
import { offlineWritesLink, refuseWritesOffline } from '../pwa/offline';

/** React hooks for every procedure of the API (`trpc.auth.login.useMutation()`). */
export const trpc = createTRPCReact<AppRouter>();

/** The plain client, for router loaders and the session check outside React. */
export type ApiClient = ReturnType<typeof createTRPCClient<AppRouter>>;

export { isForbidden };

/**
 * The browser's fetch for uploads and imports sent without tRPC: 60 s (`REQUEST_TIMEOUT_MS`,
 * room for an 8 MiB file on a slow connection), and refused at once while offline
 * (docs/offline.md#time-limits).
 */
export const timedFetch = fetchWithTimeout(
  refuseWritesOffline((input, init) => fetch(input, init)),
  REQUEST_TIMEOUT_MS,
);

/** The browser's fetch for ordinary calls: 20 s (`CALL_TIMEOUT_MS`). */
const callFetch = fetchWithTimeout((input, init) => fetch(input, init), CALL_TIMEOUT_MS);

/** Refreshes the session once (shared by concurrent callers); resolves whether it worked. */
export const refreshSession = shared(() =>
  callFetch('/api/trpc/auth.refresh', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
    .then((res) => res.ok)
    .catch(() => false),
);

/**
 * Whether this page is signing its person out on purpose: set when the sign-out starts, cleared
 * when it fails or someone signs in again. A call refused meanwhile (a screen refetching while
 * the session ends) is expected, and must not reload the page over the sign-out's own toast.
 */
let endingSession = false;

/** Marks the start (`true`) or the end (`false`) of a deliberate sign-out on this page. */
export function setEndingSession(value: boolean): void {
  endingSession = value;
}

/**
 * When a refresh fails, log out and reload the page (docs/product/legacy-api.md#auth-retry),
 * unless this page is signing out on purpose: then the sign-out finishes the job.
 */
export async function logoutAndReload(): Promise<void> {
  if (endingSession) return;
  await fetch('/api/trpc/auth.logout', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
  window.location.reload();
}

function createLinks() {
  const http = (timeoutMs: number) => {
    const timed = fetchWithTimeout((input, init) => fetch(input, init), timeoutMs);
    return {
      // Absolute, so the same link works in the browser and in tests (jsdom with Node's fetch).
      url: `${window.location.origin}/api/trpc`,
      transformer,
      // A call gives up after `callTimeoutMs(path)` (@kith/client/links) with 'Request aborted': 20 s, 60 s for
      // files and whole books (docs/offline.md#time-limits).
      fetch: (input: RequestInfo | URL, init?: RequestInit) =>
        timed(input, { ...init, credentials: 'include' }),
    };
  };
  const calls = http(CALL_TIMEOUT_MS);
  return [
    // Offline, a change fails at once with 'You are offline' (docs/offline.md).
    offlineWritesLink(),
    refreshOnForbiddenLink({ refresh: refreshSession, onRefreshFailed: logoutAndReload }),
    // A call made with `context: { skipBatch: true }` goes alone: a batch answers when its
    // slowest call does, so the list's windows never hold the session check back. A long call
    // (a file, a whole book) goes alone too, with its longer limit.
    splitLink({
      condition: (op) => LONG_CALLS.has(op.path),
      true: httpLink(http(REQUEST_TIMEOUT_MS)),
      false: splitLink({
        condition: (op) => op.context.skipBatch === true,
        true: httpLink(calls),
        false: httpBatchLink({ ...calls, maxItems: TRPC_MAX_BATCH_SIZE }),
      }),
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
