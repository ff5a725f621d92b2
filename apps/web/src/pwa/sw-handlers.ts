/**
 * The service worker's own routes (docs/offline.md#what-is-kept). Workbox's generateSW
 * (vite.config.ts) writes each function below into the built `sw.js` as its source text, so
 * every function here is self-contained: it uses only its arguments and the worker's globals
 * (`fetch`, `caches`, `Response`, `URL`), never a module-level name or an import. The page
 * side (`forgetOfflineData`) uses `OFFLINE_API_CACHE`, which must equal the literal written
 * inside the functions (a unit test checks it).
 */

/** The Cache Storage cache holding the last answers of the API's reads, one entry per call. */
export const OFFLINE_API_CACHE = 'kith-api-v1';

/** What Workbox gives a route's matcher and handler. */
export interface RouteArgs {
  request: Request;
  url: URL;
  event?: { waitUntil(promise: Promise<unknown>): void };
}

/** A same-origin tRPC read (`GET /api/trpc/...`), single or batched. */
export function isApiRead({ request, url }: RouteArgs): boolean {
  return (
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/trpc/')
  );
}

/**
 * A call that ends a session or an account (sign-out, account deletion, a refresh that
 * failed and logs out): the cached reads of this person go before it is sent.
 */
export function isSignOut({ request, url }: RouteArgs): boolean {
  return (
    request.method === 'POST' &&
    url.origin === self.location.origin &&
    /^\/api\/trpc\/(?:[^?]*,)?(?:auth\.logout|account\.delete)(?:,|$)/.test(url.pathname)
  );
}

/** A page load (the address bar, a link, a reload) of the app. */
export function isNavigation({ request, url }: RouteArgs): boolean {
  return (
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !/^\/(?:api|uploads|dav|\.well-known)\//.test(url.pathname)
  );
}

/**
 * Answers a tRPC read from the network, keeping a copy of each call's successful answer;
 * when the network fails (offline, the server unreachable) answers from those copies, if
 * every call of the request has one, else fails as the network did.
 *
 * A batch (`/api/trpc/a,b?batch=1&input={"0":…,"1":…}`) is kept per call, keyed by procedure
 * and input, because the same call travels in different batches from one page load to the
 * next. When the answer to `auth.check` names another person than the kept one (or nobody),
 * everything kept is dropped first: one person's contacts are never shown to the next.
 */
export async function offlineApiRead({ request, event }: RouteArgs): Promise<Response> {
  const CACHE = 'kith-api-v1';
  const url = new URL(request.url);
  const paths = decodeURIComponent(url.pathname.slice('/api/trpc/'.length)).split(',');
  const batch = url.searchParams.get('batch') === '1';
  let inputs: unknown[] | null;
  try {
    const raw = url.searchParams.get('input');
    const parsed: unknown = raw === null ? undefined : JSON.parse(raw);
    inputs = paths.map((_, i) =>
      batch ? (parsed as Record<string, unknown> | undefined)?.[String(i)] : parsed,
    );
  } catch {
    inputs = null;
  }
  const keyOf = (i: number) =>
    `${url.origin}/__offline__/${encodeURIComponent(paths[i] ?? '')}?input=${encodeURIComponent(
      JSON.stringify(inputs?.[i] ?? null),
    )}`;
  const userOf = (item: unknown): string | null => {
    const data = (item as { result?: { data?: { json?: { user?: { id?: unknown } } } } })?.result
      ?.data?.json;
    return typeof data?.user?.id === 'string' ? data.user.id : null;
  };

  async function keep(response: Response) {
    const body: unknown = await response.json();
    const items = batch ? (Array.isArray(body) ? body : []) : [body];
    const cache = await caches.open(CACHE);
    const checkAt = paths.indexOf('auth.check');
    if (checkAt >= 0) {
      const kept = await cache.match(keyOf(checkAt));
      const before = kept ? userOf(await kept.json()) : null;
      const now = userOf(items[checkAt]);
      if (now === null || (before !== null && before !== now)) {
        await caches.delete(CACHE);
        if (now === null) return;
      }
    }
    const open = await caches.open(CACHE);
    await Promise.all(
      items.map((item, i) =>
        item && typeof item === 'object' && 'result' in item
          ? open.put(
              keyOf(i),
              new Response(JSON.stringify(item), {
                headers: { 'content-type': 'application/json' },
              }),
            )
          : null,
      ),
    );
  }

  let response: Response;
  try {
    response = await fetch(request);
  } catch (failure) {
    if (!inputs) throw failure;
    const cache = await caches.open(CACHE);
    const items: unknown[] = [];
    for (let i = 0; i < paths.length; i++) {
      const hit = await cache.match(keyOf(i));
      if (!hit) throw failure;
      items.push(await hit.json());
    }
    return new Response(JSON.stringify(batch ? items : items[0]), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-kith-offline': '1' },
    });
  }
  // 200: every call answered; 207: some did. A 403 (signed out) drops nothing here: the
  // sign-out itself and the next session check do.
  if (inputs && (response.status === 200 || response.status === 207)) {
    const keeping = keep(response.clone()).catch(() => undefined);
    if (event) event.waitUntil(keeping);
    else await keeping;
  }
  return response;
}

/** Drops every kept read before a sign-out or account deletion is sent, then sends it. */
export async function forgetThenSend({ request }: RouteArgs): Promise<Response> {
  await caches.delete('kith-api-v1');
  return fetch(request);
}

/**
 * A page load goes to the server as before (so visitors still get the prerendered public
 * pages); when the network fails it is answered with the app's shell, `index.html` as
 * precached at install, and the app then reads what was kept.
 */
export async function pageOrShell({ request }: RouteArgs): Promise<Response> {
  try {
    return await fetch(request);
  } catch (failure) {
    // Workbox keeps precached files under their URL with a revision parameter.
    const shell = await caches.match('/index.html', { ignoreSearch: true });
    if (shell) return shell;
    throw failure;
  }
}
