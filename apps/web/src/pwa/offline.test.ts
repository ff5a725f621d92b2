import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../lib/i18n';
import { errorMessage } from '../lib/notify';
import { createApiClient, timedFetch } from '../lib/trpc';

const OFFLINE_EN = 'You are offline. Nothing was saved; try again when you are back online.';

let fetchCalls: string[];

beforeAll(async () => {
  await i18nReady;
});

beforeEach(() => {
  fetchCalls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    fetchCalls.push(String(input instanceof Request ? input.url : input));
    return new Response(JSON.stringify([{ result: { data: { json: { isLoggedIn: true } } } }]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('offline (docs/offline.md#changes-while-offline)', () => {
  it('refuses a save at once, sends nothing, and says so in both languages; a read still goes out (the service worker may answer it)', async () => {
    const api = createApiClient();
    const failure = await api.contacts.update.mutate({ id: 'c1', givenName: 'Ada' } as never).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).not.toBeNull();
    expect(fetchCalls).toEqual([]);
    expect(errorMessage(failure)).toBe(OFFLINE_EN);
    await i18n.changeLanguage('es');
    expect(errorMessage(failure)).toBe(
      'No tienes conexión. No se ha guardado nada; inténtalo de nuevo cuando vuelvas a estar en línea.',
    );
    await api.auth.check.query();
    expect(fetchCalls).toHaveLength(1);
    expect(fetchCalls[0]).toContain('/api/trpc/auth.check');
  });

  it('refuses an upload sent without tRPC at once too', async () => {
    const failure = await timedFetch('/api/imports/preview', { method: 'POST', body: 'x' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(fetchCalls).toEqual([]);
    expect(errorMessage(failure)).toBe(OFFLINE_EN);
  });

  it("names a failed request's cause: offline when the browser is offline", () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(OFFLINE_EN);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Network Error');
  });
});
