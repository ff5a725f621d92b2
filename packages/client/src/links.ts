import type { AppRouter } from '@kith/api/client-types';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { ContactsApiError, TIMEOUT_ERROR_NAME } from './errors';

/** Calls that manage the session themselves and must never trigger the refresh retry. */
const SESSION_CALLS = new Set(['auth.check', 'auth.refresh', 'auth.logout']);

/** True for the error a protected call answers without a live session (HTTP 403). */
export function isForbidden(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data?.code === 'FORBIDDEN';
}

export interface RefreshOnForbiddenOptions {
  /** Refreshes the session; resolves whether it worked. Concurrent callers share one try. */
  refresh: () => Promise<boolean>;
  /** Called when the refresh failed, before the original error is passed on. */
  onRefreshFailed?: () => void;
}

/**
 * The auth retry (docs/product/legacy-api.md#auth-retry): on FORBIDDEN from any call but the
 * session's own, refresh the session and retry the call once. If the refresh fails,
 * `onRefreshFailed` runs and the caller gets the original error.
 */
export function refreshOnForbiddenLink(options: RefreshOnForbiddenOptions): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let retried = false;
        const forward = () =>
          next(op).subscribe({
            next: (value) => observer.next(value),
            error: onError,
            complete: () => observer.complete(),
          });
        let subscription = forward();

        function onError(error: TRPCClientError<AppRouter>) {
          if (retried || SESSION_CALLS.has(op.path) || !isForbidden(error)) {
            observer.error(error);
            return;
          }
          retried = true;
          void options.refresh().then((ok) => {
            if (!ok) {
              options.onRefreshFailed?.();
              observer.error(error);
              return;
            }
            subscription = forward();
          });
        }
        return () => subscription.unsubscribe();
      });
}

/**
 * Turns every failure into a `ContactsApiError`, so callers can read status and fields. A call
 * whose own `signal` had aborted fails with code `ABORTED`, whatever the network said.
 */
export const typedErrorsLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) =>
          observer.error(
            error instanceof ContactsApiError
              ? error
              : new ContactsApiError(error, op.signal?.aborted ?? false),
          ),
        complete: () => observer.complete(),
      }),
    );

/**
 * One refresh at a time: `shared(fn)` returns a function that runs `fn` once for every caller
 * that arrives while it is running.
 */
export function shared<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= fn().finally(() => {
      running = null;
    });
    return running;
  };
}

/**
 * How long a call may wait for its answer before it is given up, in ms (a request that never
 * answered left "Contact Is Creating..." and a spinning Save forever). Long enough
 * for an 8 MiB photo or import batch on a slow connection.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * How long an ordinary read or write of the web app waits, in ms: an answer normally comes
 * in well under a second, so a server that has not answered in 20 s will not, and the person
 * is told ('Request aborted') instead of watching a spinner for a minute (docs/offline.md#time-limits).
 */
export const CALL_TIMEOUT_MS = 20_000;

/**
 * The procedures that carry a file or a whole book and keep `REQUEST_TIMEOUT_MS` (60 s): a
 * photo of up to 8 MiB, an import file's preview (a 100 MB file is read whole), an import batch
 * or its undo, an export, a merge or its undo, emptying
 * the trash, Undo changes (the whole book put back as it was, docs/history.md#undo-changes).
 */
export const LONG_CALLS: ReadonlySet<string> = new Set([
  'images.upload',
  'imports.previewFile',
  'imports.batch',
  'imports.undo',
  'contacts.export',
  'contacts.merge',
  'contacts.undoMerge',
  'trash.empty',
  'trash.deleteMany',
  'history.undoChanges',
]);

/**
 * The time limit of a call to `path` (a procedure such as `contacts.update`), in ms:
 * `REQUEST_TIMEOUT_MS` for `LONG_CALLS`, `CALL_TIMEOUT_MS` for every other.
 */
export function callTimeoutMs(path: string): number {
  return LONG_CALLS.has(path) ? REQUEST_TIMEOUT_MS : CALL_TIMEOUT_MS;
}

/** Whether `error` (or what caused it) is a call given up for taking too long. */
export function isTimeout(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e.name === TIMEOUT_ERROR_NAME) return true;
  }
  return false;
}

/**
 * A fetch that gives up after `timeoutMs`: the request is aborted and the promise rejects
 * with a `TimeoutError` DOMException. A signal the caller passes still aborts it too. Built
 * on `setTimeout`, so tests with fake clocks can run the time out.
 */
export function fetchWithTimeout(
  baseFetch: typeof globalThis.fetch,
  timeoutMs = REQUEST_TIMEOUT_MS,
): typeof globalThis.fetch {
  return async (input, init = {}) => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('Request aborted', TIMEOUT_ERROR_NAME)),
      timeoutMs,
    );
    const outer = init.signal;
    const forward = () => controller.abort(outer?.reason);
    if (outer?.aborted) forward();
    else outer?.addEventListener('abort', forward, { once: true });
    try {
      return await baseFetch(input, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    }
  };
}

/** tRPC's code for an HTTP status a proxy or load balancer may answer with on its own. */
const CODE_OF_STATUS: Record<number, [key: string, jsonRpc: number]> = {
  400: ['BAD_REQUEST', -32600],
  401: ['UNAUTHORIZED', -32001],
  403: ['FORBIDDEN', -32003],
  404: ['NOT_FOUND', -32004],
  413: ['PAYLOAD_TOO_LARGE', -32013],
  429: ['TOO_MANY_REQUESTS', -32029],
  502: ['BAD_GATEWAY', -32603],
  503: ['SERVICE_UNAVAILABLE', -32603],
  504: ['GATEWAY_TIMEOUT', -32603],
};

/**
 * A fetch that turns a failed answer that is not tRPC's JSON (a proxy's 429 or 503 page) into
 * a tRPC error of that status, headers kept, so callers get `ContactsApiError` with the real
 * `status`, `code` and `retryAfterSeconds` rather than a JSON parse error. `serialize` is the
 * transformer's (tRPC reads every error through it).
 */
export function fetchWithPlainErrors(
  baseFetch: typeof globalThis.fetch,
  serialize: (value: unknown) => unknown,
): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    if (response.ok || /json/i.test(response.headers.get('content-type') ?? '')) return response;
    const [code, jsonRpc] = CODE_OF_STATUS[response.status] ?? ['INTERNAL_SERVER_ERROR', -32603];
    const message = `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`;
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/json');
    headers.delete('content-length');
    headers.delete('content-encoding');
    await response.body?.cancel().catch(() => {});
    const shape = { message, code: jsonRpc, data: { code, httpStatus: response.status } };
    return new Response(JSON.stringify({ error: serialize(shape) }), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
