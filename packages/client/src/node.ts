// The SDK's entry for Node (and Bun, Deno): the main entry, with a client that keeps its own
// session cookies. Node resolves `@kith/client` here through the `node` export condition;
// `@kith/client/node` names it outright.
import { buildContactsClient, type ContactsClient, type ContactsClientOptions } from './client';
import { createCookieFetch } from './cookie-jar';

export * from './index';

/**
 * A typed client for Kith's API (see the main entry's `createContactsClient`), which in Node
 * keeps the session cookies in its own jar (RFC 6265), so one client is one signed-in
 * person. `cookies: 'browser'` leaves them to the runtime; a `token` sends no cookies at all.
 */
export function createContactsClient(options: ContactsClientOptions): ContactsClient {
  return buildContactsClient(options, createCookieFetch);
}
