import fetchCookie from 'fetch-cookie';
import { CookieJar } from 'tough-cookie';

/**
 * A fetch that keeps cookies like a browser does, for Node and other runtimes without one:
 * Set-Cookie answers are stored in a tough-cookie jar (RFC 6265: domain, path, expiry) and
 * sent back on later requests. The session's httpOnly cookies live here. Only the Node entry
 * imports this module, so browser bundles never carry the jar.
 */
export function createCookieFetch(baseFetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return fetchCookie(baseFetch, new CookieJar()) as unknown as typeof globalThis.fetch;
}
