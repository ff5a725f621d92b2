import type { Database } from '@kith/db';
import type { FastifyRequest } from 'fastify';
import type { AuthKeys } from './keys';
import type { SessionLiveness } from './session-liveness';
import { bearerToken, findApiToken } from './api-tokens';
import { cookieNames } from './cookies';
import { verifyAccessToken } from './sealed';
import { isSessionActive } from './sessions';

/** Who a request is from: the account and its session family, or the API token it sent. */
export interface AuthenticatedSession {
  userId: string;
  /** The session family; for an API token, `api-token:<id>`, which no session family matches. */
  sessionFamilyId: string;
  /** Set when the request signed in with an API token: what the token may do. */
  apiToken?: { id: string; scopes: string[] };
}

/** What `authenticate` reads. */
export interface AuthenticateContext {
  db: Database;
  keys: Pick<AuthKeys, 'accessToken' | 'tokenHashing'>;
  now: () => Date;
  sessionLiveness?: SessionLiveness | null;
  req: FastifyRequest;
}

/**
 * Who a request is from. With `acceptApiTokens` and an `Authorization: Bearer` header, the token
 * alone decides (docs/api-tokens.md): a live token, and the request's cookies are never read, so
 * a page of another origin that holds a token cannot also ride the person's session. Otherwise
 * the access-token cookie: valid, unexpired, and its session family still live (so a sign-out or
 * password change takes effect at once; within a moment on other instances, see
 * `session-liveness.ts`). Null when any of that fails.
 */
export async function authenticate(
  ctx: AuthenticateContext,
  { acceptApiTokens = false }: { acceptApiTokens?: boolean } = {},
): Promise<AuthenticatedSession | null> {
  const now = ctx.now();
  if (acceptApiTokens) {
    const token = bearerToken(ctx.req.headers.authorization);
    if (token !== null) {
      const grant = token ? await findApiToken(ctx.db, ctx.keys.tokenHashing, token, now) : null;
      if (!grant) return null;
      return {
        userId: grant.userId,
        sessionFamilyId: `api-token:${grant.id}`,
        apiToken: { id: grant.id, scopes: grant.scopes },
      };
    }
  }
  const claims = await verifyAccessToken(
    ctx.keys.accessToken,
    ctx.req.cookies[cookieNames.accessToken],
    now,
  );
  if (!claims) return null;
  if (!(await isSessionActive(ctx.db, claims.sub, claims.sid, now, ctx.sessionLiveness))) {
    return null;
  }
  return { userId: claims.sub, sessionFamilyId: claims.sid };
}
