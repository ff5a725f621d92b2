import type { AppRouter } from '@kith/api/client-types';
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import { transformer } from '@kith/validators/transformer';
import { TRPC_MAX_BATCH_SIZE } from '@kith/validators/trpc-limits';
import {
  fetchWithPlainErrors,
  fetchWithTimeout,
  REQUEST_TIMEOUT_MS,
  refreshOnForbiddenLink,
  shared,
  typedErrorsLink,
} from './links';
import { DEFAULT_RETRIES, retryLink } from './retry';

export interface ContactsClientOptions {
  /** Where Kith runs, e.g. `https://kith.example.com`; the client calls `${baseUrl}/api/trpc`. */
  baseUrl: string;
  /**
   * A personal API token (`kith_...`, made on the profile page), sent as
   * `Authorization: Bearer <token>` (RFC 6750 §2.1) with every call. With a token the client
   * keeps no cookies and never refreshes a session: the token alone says who calls, and its
   * scopes what it may do (docs/api.md#typescript-sdk). Without one, `auth.login` starts a
   * cookie session.
   */
  token?: string;
  /** A fetch implementation; the global one by default. */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * Who keeps the session cookies: `'browser'` (the page's own, sent with
   * `credentials: 'include'`) or `'jar'` (the client keeps them itself, for Node: only the
   * Node entry has the jar). By default `'browser'` where there is a `document`, else `'jar'`
   * in Node. Ignored with a `token`.
   */
  cookies?: 'browser' | 'jar';
  /**
   * How long a call may wait for its answer, in ms (60 000 by default); then it fails with
   * `ContactsApiError` code `TIMEOUT` and the message 'Request aborted'
   * (docs/product/messages.md#error-catalogue).
   */
  timeoutMs?: number;
  /**
   * How many times a call is sent again when the server answers 429 or 503 (2 by default; 0
   * never). Only queries and `contacts.create` with an `idempotencyKey` are retried, after
   * the answer's `Retry-After` (when it asks at most 60 s) or a doubling wait from 500 ms.
   */
  retries?: number;
}

/**
 * The client: every procedure of the API as `client.<router>.<procedure>.query(input, { signal })`
 * or `.mutate(input, { signal })`; `signal` (an `AbortSignal`) cancels the call, which then
 * fails with code `ABORTED`.
 */
export type ContactsClient = TRPCClient<AppRouter>;

/** Makes a fetch that keeps cookies itself (the Node entry's cookie jar). */
export type CookieFetchFactory = (baseFetch: typeof globalThis.fetch) => typeof globalThis.fetch;

/**
 * The client behind both entries; `cookieJar` is the Node entry's jar, absent in the browser
 * entry (so browser bundles never carry it).
 *
 * @throws Error when `cookies: 'jar'` is asked for without a jar (the browser entry).
 */
export function buildContactsClient(
  options: ContactsClientOptions,
  cookieJar?: CookieFetchFactory,
): ContactsClient {
  const baseFetch = fetchWithPlainErrors(
    fetchWithTimeout(
      options.fetch ?? globalThis.fetch.bind(globalThis),
      options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    ),
    transformer.serialize,
  );
  const apiUrl = `${options.baseUrl.replace(/\/+$/, '')}/api/trpc`;
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;

  let send: typeof globalThis.fetch;
  if (options.token) {
    // The token alone: no cookies go out, none are kept (cross-origin pages get no session).
    send = (input, init) => baseFetch(input, { ...init, credentials: 'omit' });
  } else {
    const cookies = options.cookies ?? ('document' in globalThis || !cookieJar ? 'browser' : 'jar');
    if (cookies === 'jar' && !cookieJar) {
      throw new Error(
        "cookies: 'jar' needs the Node entry: import { createContactsClient } from '@kith/client/node'.",
      );
    }
    send =
      cookies === 'jar' && cookieJar
        ? cookieJar(baseFetch)
        : (input, init) => baseFetch(input, { ...init, credentials: 'include' });
  }

  const refresh = shared(async () => {
    const response = await send(`${apiUrl}/auth.refresh`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => null);
    return response?.ok ?? false;
  });

  return createTRPCClient<AppRouter>({
    links: [
      typedErrorsLink,
      retryLink(options.retries ?? DEFAULT_RETRIES),
      // A token has no session to refresh: its 403 means a scope it lacks.
      ...(options.token ? [] : [refreshOnForbiddenLink({ refresh })]),
      httpBatchLink({
        url: apiUrl,
        transformer,
        maxItems: TRPC_MAX_BATCH_SIZE,
        headers: () => headers,
        fetch: send,
      }),
    ],
  });
}
