/**
 * A fetch that keeps cookies like a browser does, for Node and other runtimes without one:
 * Set-Cookie answers are stored in a tough-cookie jar (RFC 6265: domain, path, expiry) and
 * sent back on later requests. The session's httpOnly cookies live here.
 */
export function createCookieFetch(baseFetch: typeof globalThis.fetch): typeof globalThis.fetch {
  // Loaded on first use, so browser bundles never carry the jar.
  const ready = Promise.all([import('fetch-cookie'), import('tough-cookie')]).then(
    ([{ default: fetchCookie }, { CookieJar }]) => fetchCookie(baseFetch, new CookieJar()),
  );
  return async (input, init) => (await ready)(input as never, init as never) as Promise<Response>;
}
