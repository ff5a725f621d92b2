import {
  initTRPC,
  TRPCError,
  type TRPC_ERROR_CODE_KEY,
  type TRPC_ERROR_CODE_NUMBER,
} from '@trpc/server';
import { transformer } from '@kith/validators/transformer';
import { ZodError, z } from 'zod';
import type { Context } from './context';
import { authenticate, type AuthenticatedSession } from '../credentials/authenticate';
import { bearerToken } from '../credentials/api-tokens';
import { assertTokenMayCall } from './api-token-scopes';
import type { RateAttempt, RateKeys, RatePolicy } from '../rate-limits/rate-limiter';
import { SESSION_ENDED_MESSAGE } from '../credentials/sessions';
import { isDatabaseUnavailable, isUnstorableText } from '@kith/db';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  ForbiddenError,
  INTERNAL_ERROR_MESSAGE,
  ServiceError,
  toTRPCError,
  UnauthorizedError,
  UnavailableError,
  UNSTORABLE_TEXT_MESSAGE,
  ValidationError,
} from '../shared/errors';
import { firstZodMessage, flattenZodError } from '../shared/zod-errors';
import { currentChangeSource, withChangeSource, type ChangeSource } from '../shared/change-source';

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
   * under its field, and says its first message as the error's own: zod's is a JSON dump of
   * every issue, which a screen would show as it is (`/person/garbage` showed one). Replaces
   * the text of unexpected errors so nothing internal leaks.
   */
  errorFormatter({ shape, error }): ApiErrorShape {
    const zodError = error.cause instanceof ZodError ? flattenZodError(error.cause) : null;
    const fieldErrors = error.cause instanceof ServiceError ? error.cause.fieldErrors : undefined;
    const unexpected =
      error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof ServiceError);
    const message = unexpected
      ? INTERNAL_ERROR_MESSAGE
      : error.cause instanceof ZodError
        ? firstZodMessage(error.cause)
        : shape.message;
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        zodError: zodError ?? fieldErrors ?? null,
      },
    };
  },
});

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

/** What a Bearer value that names no live token answers (401). */
export const INVALID_API_TOKEN_MESSAGE =
  'This API token is not valid. Create a new one on your profile page.';

/** The token a request signed in with, looked up once per request (a batch, a REST call). */
const tokenSessions = new WeakMap<object, Promise<AuthenticatedSession | null>>();

function sessionOfToken(ctx: Context): Promise<AuthenticatedSession | null> {
  let session = tokenSessions.get(ctx.req);
  if (!session) {
    session = authenticate(ctx, { acceptApiTokens: true });
    tokenSessions.set(ctx.req, session);
  }
  return session;
}

function sendsBearer(ctx: Context): boolean {
  return bearerToken(ctx.req?.headers?.authorization) !== null;
}

/**
 * A call that sends `Authorization: Bearer` is judged by its API token before anything runs
 * (docs/api-tokens.md): a token that names no live token answers 401 (charged to the client IP,
 * never to a sign-in budget), and one without the scope, or calling what tokens may not
 * (signing in, the account, its security), answers 403. Public procedures included, so a token
 * never reaches sign-in or recovery.
 */
const apiTokenGate = t.middleware(async ({ ctx, path, type, next }) => {
  if (!sendsBearer(ctx)) return next();
  const session = await requireTokenSession(ctx);
  assertTokenMayCall(session.apiToken!.scopes, path, type);
  return next();
});

/** Anyone may call it. */
export const publicProcedure = t.procedure
  .use(mapServiceErrors)
  .use(apiTokenGate)
  .use(({ ctx, next }) =>
    // A call's writes are the web app's when a browser sent it from Kith's own page, else the
    // API's (the SDK, a script, a token); REST names its own (docs/history.md#sources).
    withChangeSource(currentChangeSource() ?? sourceOfCall(ctx.req), () => next()),
  );

/** `web` for a call a browser made from Kith's own origin (Sec-Fetch-Site), `api` otherwise. */
function sourceOfCall(req: Context['req']): ChangeSource {
  return req?.headers?.['sec-fetch-site'] === 'same-origin' ? { via: 'web' } : { via: 'api' };
}

/**
 * The signed-in session of a request: a valid access token whose session family is still
 * live, or a live API token (`Authorization: Bearer`, docs/api-tokens.md). Sessions are only
 * ever started for verified accounts, so an unverified one never passes. What
 * `protectedProcedure` checks, and what the REST adapter reads the signed-in person's id from.
 *
 * @throws ForbiddenError (403 on REST; docs/product/legacy-api.md#auth-retry) when the token is
 *   missing, expired, forged, or its session was revoked; UnauthorizedError (401) for a Bearer
 *   value that names no live API token.
 */
export async function requireSession(ctx: Context): Promise<AuthenticatedSession> {
  if (sendsBearer(ctx)) return requireTokenSession(ctx);
  const session = await authenticate(ctx);
  if (!session) throw new ForbiddenError(SESSION_ENDED_MESSAGE);
  return session;
}

/**
 * The API token a Bearer request signed in with. A value naming no live token is charged to
 * the client IP (never to a sign-in budget) and answers 401 (docs/api-tokens.md#limits).
 */
async function requireTokenSession(ctx: Context): Promise<AuthenticatedSession> {
  const session = await sessionOfToken(ctx);
  if (session?.apiToken) return session;
  try {
    await ctx.rateLimiter.consume('apiToken', { ip: ctx.req.ip });
  } catch (error) {
    // RFC 6585: say when to try again, as every spent budget does.
    const seconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (seconds) ctx.reply.header('Retry-After', String(seconds));
    throw error;
  }
  throw new UnauthorizedError(INVALID_API_TOKEN_MESSAGE);
}

/** Needs a signed-in person (`requireSession`). */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) =>
  next({ ctx: { ...ctx, ...(await requireSession(ctx)) } }),
);

/**
 * Charges every call of a procedure to the `policy` budgets of its client IP and, when
 * `account` names one, of that account (an email from the input, the user id of a session or
 * of a recovery cookie). The charge is taken before the procedure runs, so calls raced in one
 * burst are each counted, and given back when the call succeeds for the policies that count
 * only failures (docs/sign-in-throttling.md). Bound to the procedure, not to a URL: each call
 * of a tRPC batch is charged, and REST reaches the same middleware through the same
 * procedures, so no spelling of a path avoids it (OWASP Authentication Cheat Sheet).
 *
 * `policy` may be a function of the call, for a procedure whose budget depends on who asks
 * (sign-in from a known browser or a new one).
 *
 * @throws TOO_MANY_REQUESTS (429) with the wait, in the message and in `Retry-After`
 *   (seconds), when either budget is spent.
 */
export function rateLimited(
  policy: RatePolicy | ((ctx: Context, input: unknown) => Promise<RateCharge>),
  account?: (ctx: Context, input: unknown) => Promise<string | undefined> | string | undefined,
) {
  return t.middleware(async ({ ctx, input, next }) => {
    let attempt: RateAttempt;
    try {
      const charge =
        typeof policy === 'function'
          ? await policy(ctx as Context, input)
          : {
              policy,
              keys: { ip: ctx.req.ip, account: await account?.(ctx as Context, input) },
            };
      attempt = await ctx.rateLimiter.consume(charge.policy, charge.keys);
    } catch (error) {
      // RFC 6585 / RFC 9110: say when to try again.
      const seconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (seconds) ctx.reply.header('Retry-After', String(seconds));
      throw error;
    }
    const result = await next();
    if (result.ok) await attempt.succeeded();
    return result;
  });
}

/** A policy and the keys one call is charged to. */
export interface RateCharge {
  policy: RatePolicy;
  keys: RateKeys;
}

/** The signed-in person's id, for limits on protected procedures. */
export function signedInUser(ctx: Context): string | undefined {
  return (ctx as Context & { userId?: string }).userId;
}

/** The `email` of a procedure's parsed input, when it has one. */
export function inputEmail(_ctx: Context, input: unknown): string | undefined {
  const email = (input as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
}

export { TRPCError, z };
