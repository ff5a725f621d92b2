import type { AppRouter } from '@kith/api/client-types';
import { TRPCClientError } from '@trpc/client';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/**
 * What every failed call throws: the server's message (ready to show a person), its tRPC
 * `code` and HTTP `status`, and `fieldErrors` (field path -> messages) when the input was
 * refused field by field. A call that never reached the server has status 0 and code
 * `TIMEOUT` (no answer in time; message 'Request aborted'), `CLIENT_CLOSED_REQUEST` (the
 * caller aborted it) or `INTERNAL_SERVER_ERROR`, with the network error as `cause`.
 *
 * It is a `TRPCClientError`, so tRPC tooling that checks for one keeps working.
 */
export class ContactsApiError extends TRPCClientError<AppRouter> {
  /** tRPC's error code: `BAD_REQUEST`, `UNAUTHORIZED`, `FORBIDDEN`, `NOT_FOUND`, ... */
  readonly code: TRPC_ERROR_CODE_KEY;
  /** The HTTP status the server answered with; 0 when no answer arrived. */
  readonly status: number;
  /** Field path (`addresses.0.locality`) -> messages; empty when no field was at fault. */
  readonly fieldErrors: Readonly<Record<string, string[]>>;

  constructor(source: TRPCClientError<AppRouter>) {
    super(source.message, {
      result: source.shape ? { error: source.shape } : undefined,
      cause: source.cause ?? source,
      meta: source.meta,
    });
    // TRPCClientError resets the prototype to its own; restore ours so instanceof works.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'ContactsApiError';
    this.code = source.data?.code ?? clientSideCode(source.cause);
    this.status = source.data?.httpStatus ?? 0;
    this.fieldErrors = source.data?.zodError ?? {};
  }
}

/** The name of the error a call given up for taking too long fails with (links.ts). */
export const TIMEOUT_ERROR_NAME = 'TimeoutError';

/** The code of a call that got no answer, from why it failed. */
function clientSideCode(cause: Error | undefined): TRPC_ERROR_CODE_KEY {
  if (cause?.name === TIMEOUT_ERROR_NAME) return 'TIMEOUT';
  if (cause?.name === 'AbortError') return 'CLIENT_CLOSED_REQUEST';
  return 'INTERNAL_SERVER_ERROR';
}

/** Whether an error is one the client threw for a failed call. */
export function isContactsApiError(error: unknown): error is ContactsApiError {
  return error instanceof ContactsApiError;
}
