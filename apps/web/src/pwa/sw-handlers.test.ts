import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetThenSend,
  OFFLINE_API_CACHE,
  offlineApiRead,
  pageOrShell,
  type RouteArgs,
} from './sw-handlers';

/** Cache Storage as a worker has it, in memory: named caches of URL -> response body. */
function fakeCacheStorage() {
  const stores = new Map<string, Map<string, string>>();
  const keyOf = (request: RequestInfo | URL) =>
    typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, string>();
    stores.set(name, store);
    return {
      match: async (request: RequestInfo) => {
        const body = store.get(keyOf(request));
        return body === undefined ? undefined : new Response(body);
      },
      put: async (request: RequestInfo, response: Response) => {
        store.set(keyOf(request), await response.text());
      },
    };
  };
  return {
    stores,
    open,
    delete: async (name: string) => stores.delete(name),
    match: async (url: string, options?: { ignoreSearch?: boolean }) => {
      for (const store of stores.values()) {
        for (const [key, body] of store) {
          const path = new URL(key).pathname;
          if (options?.ignoreSearch ? path === url : key.endsWith(url)) return new Response(body);
        }
      }
      return undefined;
    },
  };
}

const origin = window.location.origin;
/** A tRPC GET as httpBatchLink or httpLink sends it. */
function read(paths: string[], inputs: unknown[], batch = true): RouteArgs {
  const input = batch
    ? JSON.stringify(Object.fromEntries(inputs.map((value, i) => [String(i), value])))
    : JSON.stringify(inputs[0]);
  const url = new URL(
    `/api/trpc/${paths.join(',')}?${batch ? 'batch=1&' : ''}input=${encodeURIComponent(input)}`,
    origin,
  );
  return { request: new Request(url), url };
}
const ok = (json: unknown) => ({ result: { data: { json } } });
const session = (id: string) => ok({ isLoggedIn: true, user: { id, name: id } });
const list = { json: { kind: 'contacts', offset: 0 } };
const contact = { json: { id: 'c1' } };

let storage: ReturnType<typeof fakeCacheStorage>;
let online: boolean;
let answers: Record<string, unknown>;

beforeEach(() => {
  storage = fakeCacheStorage();
  vi.stubGlobal('caches', storage);
  online = true;
  answers = {};
  // The server: each call's answer by procedure; offline, every request fails as fetch does.
  vi.stubGlobal('fetch', async (request: Request) => {
    if (!online) throw new TypeError('Failed to fetch');
    const url = new URL(request.url);
    const paths = url.pathname.slice('/api/trpc/'.length).split(',');
    const items = paths.map((path) => answers[path]);
    const body = url.searchParams.get('batch') === '1' ? items : items[0];
    return new Response(JSON.stringify(body), { status: 200 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the service worker keeps the API reads for offline (docs/offline.md#what-is-kept)', () => {
  it('answers offline each call kept from an earlier answer, whatever batch it travels in', async () => {
    answers = {
      'auth.check': session('u1'),
      'contacts.window': ok(['Ada']),
      'contacts.get': ok({ name: 'Ada' }),
    };
    // Online: the list arrives with the session check, the contact alone.
    await offlineApiRead(read(['auth.check', 'contacts.window'], [undefined, list]));
    await offlineApiRead(read(['contacts.get'], [contact], false));

    online = false;
    // Offline the page asks again, the same calls batched differently.
    const answer = await offlineApiRead(
      read(['auth.check', 'contacts.get', 'contacts.window'], [undefined, contact, list]),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([session('u1'), ok({ name: 'Ada' }), ok(['Ada'])]);
  });

  it('fails as the network did when a call was never answered before', async () => {
    answers = { 'auth.check': session('u1') };
    await offlineApiRead(read(['auth.check'], [undefined]));
    online = false;
    await expect(
      offlineApiRead(read(['auth.check', 'contacts.get'], [undefined, contact])),
    ).rejects.toThrow('Failed to fetch');
  });

  it('drops everything kept of one person when the session check answers another, so the next person never sees it', async () => {
    answers = { 'auth.check': session('u1'), 'contacts.get': ok({ name: 'Ada' }) };
    await offlineApiRead(read(['auth.check', 'contacts.get'], [undefined, contact]));
    answers = { 'auth.check': session('u2') };
    await offlineApiRead(read(['auth.check'], [undefined]));

    online = false;
    await expect(offlineApiRead(read(['contacts.get'], [contact]))).rejects.toThrow();
    const check = await offlineApiRead(read(['auth.check'], [undefined]));
    expect(await check.json()).toEqual([session('u2')]);
  });

  it('drops everything kept before a sign-out is sent', async () => {
    answers = { 'auth.check': session('u1'), 'contacts.get': ok({ name: 'Ada' }) };
    await offlineApiRead(read(['auth.check', 'contacts.get'], [undefined, contact]));
    expect(storage.stores.get(OFFLINE_API_CACHE)?.size).toBe(2);
    const url = new URL('/api/trpc/auth.logout?batch=1', origin);
    await forgetThenSend({ request: new Request(url, { method: 'POST', body: '{}' }), url });
    expect(storage.stores.has(OFFLINE_API_CACHE)).toBe(false);
  });

  it('answers a page load offline with the precached shell', async () => {
    await (
      await storage.open('workbox-precache-v2')
    ).put(`${origin}/index.html?__WB_REVISION__=abc`, new Response('<div id="root"></div>'));
    online = false;
    const url = new URL('/person/c1', origin);
    const page = await pageOrShell({ request: new Request(url), url });
    expect(await page.text()).toBe('<div id="root"></div>');
  });
});
