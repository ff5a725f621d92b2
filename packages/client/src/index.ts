// The SDK's main entry, for browsers and every runtime: the client, its errors and types. The
// zod schemas are at `@kith/client/validators`, the Node cookie jar at `@kith/client/node`
// (which Node picks for `@kith/client` by itself), so a browser bundle carries neither.
import { buildContactsClient, type ContactsClient, type ContactsClientOptions } from './client';

export type { ApiErrorShape, AppRouter, RouterInputs, RouterOutputs } from '@kith/api/client-types';
export type { ContactsClient, ContactsClientOptions } from './client';
export {
  ContactsApiError,
  isContactsApiError,
  retryAfter,
  type ContactsApiErrorCode,
} from './errors';
export { iterate, type IterateInput, type IterateOptions, type PagedList } from './iterate';
export { isForbidden, isTimeout, refreshOnForbiddenLink, REQUEST_TIMEOUT_MS } from './links';
export { DEFAULT_RETRIES, isSafeToRetry } from './retry';

/**
 * A typed client for Kith's API, for other TypeScript apps: every procedure with its input
 * and output types (`await client.contacts.list.query()`).
 *
 * - Session: with `token`, every call sends `Authorization: Bearer <token>` and no cookies.
 *   Without, `auth.login` (or `auth.verify`) sets the session cookies and later calls send
 *   them: the browser keeps them here (`credentials: 'include'`); in Node, `@kith/client`
 *   resolves to the Node entry, whose client keeps them in its own jar.
 * - An expired session is refreshed once (`auth.refresh`) and the call retried
 *   (docs/product/legacy-api.md#auth-retry).
 * - 429 and 503 answers are retried `retries` times (2) for queries and idempotent creates.
 * - Every failure throws `ContactsApiError` with the server's message, `status`, `code`
 *   and `fieldErrors`.
 * - A call with no answer after `timeoutMs` (60 s) is aborted: code `TIMEOUT`, status 0.
 *
 * @throws Error for `cookies: 'jar'`, which only the Node entry has.
 */
export function createContactsClient(options: ContactsClientOptions): ContactsClient {
  return buildContactsClient(options);
}
