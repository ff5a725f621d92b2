import {
  initTRPC,
  TRPCError,
  type TRPC_ERROR_CODE_KEY,
  type TRPC_ERROR_CODE_NUMBER,
} from '@trpc/server';
import { transformer } from '@kith/validators/transformer';
import { ZodError, z } from 'zod';
import type { Context } from './context';
import { authenticate } from './auth/authenticate';
import { SESSION_ENDED_MESSAGE } from './auth/sessions';
import { isDatabaseUnavailable, isUnstorableText } from '@kith/db';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  ForbiddenError,
  INTERNAL_ERROR_MESSAGE,
  ServiceError,
  toTRPCError,
  UnavailableError,
  UNSTORABLE_TEXT_MESSAGE,
  ValidationError,
} from './errors';

/**
 * What every failed call carries to clients (tRPC's error shape, narrowed): the message to
 * show, the tRPC code and its HTTP status, and `zodError` (field path -> messages) when the
 * input was refused field by field, else null.
 */
export interface ApiErrorShape {
  message: string;
  code: TRPC_ERROR_CODE_NUMBER;
  data: {
    code: TRPC_ERROR_CODE_KEY;
    httpStatus: number;
    path?: string;
    zodError: Record<string, string[]> | null;
  };
}

const t = initTRPC.context<Context>().create({
  transformer,
  /**
   * Flattens a ZodError into `data.zodError` (field -> messages) so forms show each message
   * under its field, and replaces the text of unexpected errors so nothing internal leaks.
   */
  errorFormatter({ shape, error }): ApiErrorShape {
    const zodError = error.cause instanceof ZodError ? flattenZodError(error.cause) : null;
    const fieldErrors = error.cause instanceof ServiceError ? error.cause.fieldErrors : undefined;
    const unexpected =
      error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof ServiceError);
    return {
      ...shape,
      message: unexpected ? INTERNAL_ERROR_MESSAGE : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        zodError: zodError ?? fieldErrors ?? null,
      },
    };
  },
});

/** Field path (`location.city`) -> messages, from a ZodError. */
export function flattenZodError(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** The first field message of a ZodError, for clients that show one line. */
export function firstZodMessage(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/**
 * Turns ServiceErrors into tRPC errors with their code and message, a database that cannot
 * be reached into SERVICE_UNAVAILABLE (503), and text the database cannot store (NUL) into
 * BAD_REQUEST (400), each with a clear message, not a generic 500.
 */
const mapServiceErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  if (result.error.cause instanceof ServiceError) throw toTRPCError(result.error.cause);
  if (isDatabaseUnavailable(result.error.cause)) {
    throw toTRPCError(new UnavailableError(DATABASE_UNAVAILABLE_MESSAGE));
  }
  if (isUnstorableText(result.error.cause)) {
    throw toTRPCError(new ValidationError(UNSTORABLE_TEXT_MESSAGE));
  }
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

/** Anyone may call it. */
export const publicProcedure = t.procedure.use(mapServiceErrors);

/**
 * Needs a signed-in person: a valid access token whose session family is still live.
 * Sessions are only ever started for verified accounts, so an unverified one never passes.
 *
 * @throws FORBIDDEN (403 on REST, SPEC §7 "Auth retry") when the token is missing, expired,
 *   forged, or its session was revoked.
 */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await authenticate(ctx);
  if (!session) throw new ForbiddenError(SESSION_ENDED_MESSAGE);
  return next({ ctx: { ...ctx, ...session } });
});

export { TRPCError, z };
