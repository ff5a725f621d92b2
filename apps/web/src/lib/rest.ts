import { logoutAndReload, refreshSession } from './trpc';

/** An answer of the REST API that said `success: false`, with its message and field errors. */
export class RestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/**
 * Calls `/api/v1` (used for the multipart contact edit of SPEC §7) with the same auth retry as
 * the tRPC link: on 403, refresh once and retry; if the refresh fails, log out and reload.
 *
 * @returns the envelope's `data`.
 * @throws RestError with the server's message; TypeError when the network fails.
 */
export async function restRequest<T>(path: string, init: RequestInit): Promise<T> {
  const send = () => fetch(`/api/v1${path}`, { ...init, credentials: 'include' });
  let res = await send();
  if (res.status === 403) {
    if (!(await refreshSession())) {
      await logoutAndReload();
      throw new RestError('Your session has ended. Please sign in again.', 403);
    }
    res = await send();
  }
  const body = (await res.json().catch(() => ({}))) as {
    success?: boolean;
    message?: string;
    data?: T;
    errors?: Record<string, string[]>;
  };
  if (!res.ok || body.success === false) {
    throw new RestError(body.message ?? '', res.status, body.errors);
  }
  return body.data as T;
}
