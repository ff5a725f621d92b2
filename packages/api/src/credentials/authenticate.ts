import type { Database } from '@kith/db';
import type { FastifyRequest } from 'fastify';
import type { AuthKeys } from './keys';
import type { SessionLiveness } from './session-liveness';
import { cookieNames } from './cookies';
import { verifyAccessToken } from './sealed';
import { isSessionActive } from './sessions';

/** Who a request is from: the account and its session family. */
export interface AuthenticatedSession {
  userId: string;
  sessionFamilyId: string;
}

/**
 * Reads the access-token cookie: valid, unexpired, and its session family still live (so a
 * sign-out or password change takes effect at once; within a moment on other instances, see
 * `session-liveness.ts`). Null when any of that fails.
 */
export async function authenticate(ctx: {
  db: Database;
  keys: Pick<AuthKeys, 'accessToken'>;
  now: () => Date;
  sessionLiveness?: SessionLiveness | null;
  req: FastifyRequest;
}): Promise<AuthenticatedSession | null> {
  const now = ctx.now();
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
