import type { AppRouter } from '@kith/api/client-types';
import type { TRPCClientError, TRPCLink } from '@trpc/client';
import type { Operation } from '@trpc/client';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import { retryAfter } from './errors';

/** How many times a call the server was too busy for is sent again, by default. */
export const DEFAULT_RETRIES = 2;

/** The first wait before a retry without `Retry-After`, in ms; it doubles each time. */
const BASE_DELAY_MS = 500;

/** The longest `Retry-After` the client waits for, in ms; a longer one fails the call at once. */
export const MAX_RETRY_WAIT_MS = 60_000;

/** HTTP statuses that mean "try again later": 429 Too Many Requests and 503 Service Unavailable. */
const RETRY_STATUSES = new Set([429, 503]);

/**
 * Whether sending `op` twice does no harm: a query (reads change nothing), or
 * `contacts.create` with an `idempotencyKey` (the server answers the contact the first call
 * made, docs/api.md). Every other mutation is sent once.
 */
export function isSafeToRetry(op: Pick<Operation, 'type' | 'path' | 'input'>): boolean {
  if (op.type === 'query') return true;
  if (op.type !== 'mutation' || op.path !== 'contacts.create') return false;
  const key = (op.input as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
  return typeof key === 'string' && key.length > 0;
}

/**
 * How long to wait before retry number `attempt` (0-based) of a call that failed with `error`,
 * in ms, or `null` not to retry: only 429 and 503 answers are retried; the server's
 * `Retry-After` (RFC 9110 §10.2.3) is honoured when it asks at most `MAX_RETRY_WAIT_MS`, and
 * without one the wait doubles from 500 ms with jitter (0.5x to 1x, so many clients told
 * "busy" together do not come back together).
 */
export function retryDelayMs(
  error: TRPCClientError<AppRouter>,
  attempt: number,
  random: () => number = Math.random,
): number | null {
  const response = (error.meta as { response?: Response } | undefined)?.response;
  const status = error.data?.httpStatus ?? response?.status;
  if (status === undefined || !RETRY_STATUSES.has(status)) return null;
  const seconds = retryAfter(response);
  if (seconds !== null) return seconds * 1000 <= MAX_RETRY_WAIT_MS ? seconds * 1000 : null;
  return BASE_DELAY_MS * 2 ** attempt * (0.5 + random() / 2);
}

/**
 * Sends a call again when the server answers 429 or 503, at most `retries` times, waiting as
 * `retryDelayMs` says; only calls `isSafeToRetry` allows. The call's own `signal` ends the wait.
 */
export function retryLink(retries: number): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        let attempt = 0;
        let subscription: Unsubscribable | null = null;
        let timer: ReturnType<typeof setTimeout> | undefined;
        let stopWaiting = () => {};

        const forward = () => {
          subscription = next(op).subscribe({
            next: (value) => observer.next(value),
            error: onError,
            complete: () => observer.complete(),
          });
        };

        function onError(error: TRPCClientError<AppRouter>) {
          const delay =
            attempt < retries && isSafeToRetry(op) ? retryDelayMs(error, attempt) : null;
          if (delay === null || op.signal?.aborted) {
            observer.error(error);
            return;
          }
          attempt += 1;
          const onAbort = () => {
            clearTimeout(timer);
            observer.error(error);
          };
          op.signal?.addEventListener('abort', onAbort, { once: true });
          stopWaiting = () => op.signal?.removeEventListener('abort', onAbort);
          timer = setTimeout(() => {
            stopWaiting();
            forward();
          }, delay);
        }

        forward();
        return () => {
          clearTimeout(timer);
          stopWaiting();
          subscription?.unsubscribe();
        };
      });
}
