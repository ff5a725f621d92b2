import { transformer } from '@kith/validators/transformer';

/** What `public/boot.js` leaves for the app: the first window of `/`, asked for at once. */
interface EarlyFirstWindow {
  sort: string;
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    __kithFirstWindow?: EarlyFirstWindow;
  }
}

/**
 * The first window of the contacts list in `sort` order, as `boot.js` asked for it before the
 * app's code arrived (docs/performance.md#the-first-screen-in-a-handful-of-chunks), or null
 * when there is none to adopt: none was asked for, it was taken already (it is used once), it
 * was asked for in another order, or it failed (no session, offline, a server error), in which
 * case the list asks again the usual way, which refreshes a lapsed session.
 *
 * Resolves to the procedure's answer as tRPC would give it (its transformer's format read back).
 */
export function takeFirstWindow<T>(sort: string): Promise<T | null> | null {
  const early = typeof window === 'undefined' ? undefined : window.__kithFirstWindow;
  if (!early) return null;
  delete window.__kithFirstWindow;
  if (early.sort !== sort) return null;
  return early.response
    .then(async (response) => {
      if (!response?.ok) return null;
      const body = (await response.json()) as {
        result: { data: Parameters<typeof transformer.deserialize>[0] };
      };
      return transformer.deserialize<T>(body.result.data);
    })
    .catch(() => null);
}
