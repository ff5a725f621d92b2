import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { INTERNAL_ERROR_MESSAGE, ServiceError } from '../shared/errors';
import { flattenZodError, firstZodMessage } from '../shared/zod-errors';
import { failure, type Envelope } from './envelope';

export interface MappedError {
  status: number;
  body: Envelope<null>;
  /** True for errors nobody expected: the caller logs them. */
  unexpected: boolean;
}

/**
 * Maps anything a REST handler threw to a status and an envelope, the one place that does:
 * ServiceErrors and TRPCErrors keep their status and message; invalid input answers 400
 * with the first field message and every field's messages under `errors`; anything else
 * answers 500 with a generic message, never its own text or stack.
 */
export function mapErrorToResponse(error: unknown): MappedError {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof ZodError) {
    return {
      status: 400,
      body: failure(firstZodMessage(cause), flattenZodError(cause)),
      unexpected: false,
    };
  }
  if (cause instanceof ServiceError) {
    const status = getHTTPStatusCodeFromError(new TRPCError({ code: cause.code }));
    return { status, body: failure(cause.message, cause.fieldErrors), unexpected: false };
  }
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') {
    return {
      status: getHTTPStatusCodeFromError(error),
      body: failure(error.message),
      unexpected: false,
    };
  }
  return { status: 500, body: failure(INTERNAL_ERROR_MESSAGE), unexpected: true };
}
