import type { AppRouter } from '@kith/api/client-types';
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import { transformer } from '@kith/validators/transformer';
import { TRPC_MAX_BATCH_SIZE } from '@kith/validators/trpc-limits';
import { createCookieFetch } from './cookie-jar';
import {
  fetchWithTimeout,
  REQUEST_TIMEOUT_MS,
  refreshOnForbiddenLink,
  shared,
  typedErrorsLink,
} from './links';

export type { ApiErrorShape, AppRouter, RouterInputs, RouterOutputs } from '@kith/api/client-types';
export * from '@kith/validators';
export { ContactsApiError, isContactsApiError } from './errors';
export { isForbidden, isTimeout, refreshOnForbiddenLink, REQUEST_TIMEOUT_MS } from './links';

export interface ContactsClientOptions {
  /** Where Kith runs, e.g. `https://kith.example.com`; the client calls `${baseUrl}/api/trpc`. */
  baseUrl: string;
  /** A fetch implementation; the global one by default. */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * Who keeps the session cookies: `'browser'` (the page's own, sent with
   * `credentials: 'include'`) or `'jar'` (the client keeps them itself, for Node). By default
   * `'browser'` where there is a `document`, else `'jar'`.
   */
  cookies?: 'browser' | 'jar';
  /**
   * How long a call may wait for its answer, in ms (60 000 by default); then it fails with
   * `ContactsApiError` code `TIMEOUT` and the message 'Request aborted'
   * (docs/product/messages.md#error-catalogue).
   */
  timeoutMs?: number;
}

export type ContactsClient = TRPCClient<AppRouter>;

/**
 * A typed client for Kith's API, for other TypeScript apps: every procedure with its input
 * and output types (`await client.contacts.list.query()`).
 *
 * - Session: `auth.login` (or `auth.verify`) sets the session cookies; later calls send
 *   them. In a browser the browser keeps them; in Node the client does (`cookies: 'jar'`).
 * - An expired session is refreshed once (`auth.refresh`) and the call retried
 *   (docs/product/legacy-api.md#auth-retry).
 * - Every failure throws `ContactsApiError` with the server's message, `status`, `code`
 *   and `fieldErrors`.
 * - A call with no answer after `timeoutMs` (60 s) is aborted: code `TIMEOUT`, status 0.
 */
export function createContactsClient(options: ContactsClientOptions): ContactsClient {
  const cookies = options.cookies ?? ('document' in globalThis ? 'browser' : 'jar');
  const baseFetch = fetchWithTimeout(
    options.fetch ?? globalThis.fetch.bind(globalThis),
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  );
  const fetchWithCookies =
    cookies === 'jar'
      ? createCookieFetch(baseFetch)
      : (...[input, init]: Parameters<typeof fetch>) =>
          baseFetch(input, { ...init, credentials: 'include' });
  const apiUrl = `${options.baseUrl.replace(/\/+$/, '')}/api/trpc`;

  const refresh = shared(async () => {
    const response = await fetchWithCookies(`${apiUrl}/auth.refresh`, {
      method: 'POST',
      headers: { ...options.headers, 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => null);
    return response?.ok ?? false;
  });

  return createTRPCClient<AppRouter>({
    links: [
      typedErrorsLink,
      refreshOnForbiddenLink({ refresh }),
      httpBatchLink({
        url: apiUrl,
        transformer,
        maxItems: TRPC_MAX_BATCH_SIZE,
        headers: () => options.headers ?? {},
        fetch: fetchWithCookies,
      }),
    ],
  });
}
