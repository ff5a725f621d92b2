import type { AppRouter } from '@kith/api/client-types';
import { TRPCClientError } from '@trpc/client';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/**
 * The code of a `ContactsApiError`: tRPC's code when the server answered (`BAD_REQUEST`,
 * `UNAUTHORIZED`, `FORBIDDEN`, `NOT_FOUND`, `TOO_MANY_REQUESTS`...), or, for a call that got no
 * answer, why: `TIMEOUT` (the client's own time limit, `timeoutMs`), `ABORTED` (the caller's
 * `AbortSignal`, whatever its reason, `AbortSignal.timeout()` included) or `NETWORK_ERROR`
 * (the server could not be reached: DNS, refused connection, CORS, offline).
 */
export type ContactsApiErrorCode = TRPC_ERROR_CODE_KEY | 'NETWORK_ERROR' | 'ABORTED';

/**
 * What every failed call throws: the server's message (ready to show a person), its `code`
 * and HTTP `status`, `fieldErrors` (field path -> messages) when the input was refused field
 * by field, and `retryAfterSeconds` when the server said when to try again (`Retry-After`,
 * RFC 9110 §10.2.3). A call that never reached the server has status 0 and code `TIMEOUT`
 * (no answer in `timeoutMs`; message 'Request aborted'), `ABORTED` (the caller's signal) or
 * `NETWORK_ERROR`, with the underlying error as `cause`.
 *
 * It is a `TRPCClientError`, so tRPC tooling that checks for one keeps working.
 */
export class ContactsApiError extends TRPCClientError<AppRouter> {
  /** See `ContactsApiErrorCode`. */
  readonly code: ContactsApiErrorCode;
  /** The HTTP status the server answered with; 0 when no answer arrived. */
  readonly status: number;
  /** Field path (`addresses.0.locality`) -> messages; empty when no field was at fault. */
  readonly fieldErrors: Readonly<Record<string, string[]>>;
  /**
   * Seconds to wait before trying again, from the answer's `Retry-After` header (429 and 503
   * answers); `null` when the answer had none (or a browser hid it from a cross-origin page).
   */
  readonly retryAfterSeconds: number | null;

  /**
   * Wraps tRPC's error. `aborted`: the caller's own signal had aborted the call, whatever the
   * error says.
   */
  constructor(source: TRPCClientError<AppRouter>, aborted = false) {
    super(source.message, {
      result: source.shape ? { error: source.shape } : undefined,
      cause: source.cause ?? source,
      meta: source.meta,
    });
    // TRPCClientError resets the prototype to its own; restore ours so instanceof works.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'ContactsApiError';
    const answered = source.data?.code;
    this.code = aborted ? 'ABORTED' : (answered ?? clientSideCode(source.cause));
    this.status = aborted ? 0 : (source.data?.httpStatus ?? 0);
    this.fieldErrors = source.data?.zodError ?? {};
    this.retryAfterSeconds = retryAfter(source.meta?.response);
  }
}

/** The name of the error a call given up for taking too long fails with (links.ts). */
export const TIMEOUT_ERROR_NAME = 'TimeoutError';

/** The code of a call that got no answer, from why it failed. */
function clientSideCode(cause: Error | undefined): ContactsApiErrorCode {
  if (cause?.name === TIMEOUT_ERROR_NAME) return 'TIMEOUT';
  if (cause?.name === 'AbortError') return 'ABORTED';
  return 'NETWORK_ERROR';
}

/**
 * The wait a `Retry-After` header asks for, in whole seconds (RFC 9110 §10.2.3: a number of
 * seconds or an HTTP date); `null` without one or for one that cannot be read.
 */
export function retryAfter(response: unknown, now = Date.now()): number | null {
  const headers = (response as { headers?: Headers } | undefined)?.headers;
  const value = typeof headers?.get === 'function' ? headers.get('retry-after')?.trim() : null;
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Whether an error is one the client threw for a failed call. */
export function isContactsApiError(error: unknown): error is ContactsApiError {
  return error instanceof ContactsApiError;
}
