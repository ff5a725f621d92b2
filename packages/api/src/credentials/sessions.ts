import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '@kith/db';
import { schema } from '@kith/db';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { NotFoundError, UnauthorizedError } from '../shared/errors';
import { preparedQuery } from '../shared/prepared-query';
import type { AuthKeys } from './keys';
import { signAccessToken } from './sealed';
import type { SessionLiveness } from './session-liveness';

const { sessions } = schema;

/**
 * Access tokens live 15 minutes (docs/product/limits.md#limits); a client refreshes when one
 * expires (docs/product/legacy-api.md#auth-retry).
 */
export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
/** A refresh token unused for 14 days expires. */
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60_000;
/** No session outlives 30 days from sign-in, however often it is refreshed. */
export const SESSION_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60_000;
/**
 * A token rotated this recently may be presented again without counting as reuse: two tabs
 * refreshing at once must not sign the person out.
 */
export const ROTATION_GRACE_MS = 10_000;

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  familyId: string;
  refreshExpiresAt: Date;
}

export interface ClientInfo {
  userAgent?: string;
  ipAddress?: string;
}

/** Starts a new session family for a user who just proved who they are. */
export async function startSession(
  db: Database,
  keys: AuthKeys,
  userId: string,
  client: ClientInfo,
  now: Date,
): Promise<IssuedTokens> {
  const familyId = randomUUID();
  const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS);
  return insertToken(db, keys, { userId, familyId, absoluteExpiresAt, client, now });
}

/**
 * Exchanges a refresh token for a new pair (OAuth 2.0 Security BCP, refresh token rotation).
 * A token already rotated more than ROTATION_GRACE_MS ago is a replay: the whole family is
 * revoked.
 *
 * @throws UnauthorizedError (401) for an unknown, revoked, expired or replayed token.
 */
export async function rotateSession(
  db: Database,
  keys: AuthKeys,
  refreshToken: string | undefined,
  client: ClientInfo,
  now: Date,
): Promise<IssuedTokens & { userId: string }> {
  if (!refreshToken) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  const tokenHash = hashToken(keys, refreshToken);

  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt <= now || row.absoluteExpiresAt <= now) {
      return { kind: 'ended' as const };
    }
    if (row.rotatedAt && now.getTime() - row.rotatedAt.getTime() > ROTATION_GRACE_MS) {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.familyId, row.familyId), isNull(sessions.revokedAt)));
      return { kind: 'replayed' as const };
    }
    if (!row.rotatedAt) {
      await tx.update(sessions).set({ rotatedAt: now }).where(eq(sessions.id, row.id));
    }
    const tokens = await insertToken(tx, keys, {
      userId: row.userId,
      familyId: row.familyId,
      absoluteExpiresAt: row.absoluteExpiresAt,
      client,
      now,
    });
    return { kind: 'rotated' as const, tokens: { ...tokens, userId: row.userId } };
  });

  if (outcome.kind !== 'rotated') throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  return outcome.tokens;
}

/** Ends a session family (sign-out). Unknown tokens are ignored: signing out always works. */
export async function revokeSessionByToken(
  db: Database,
  keys: AuthKeys,
  refreshToken: string | undefined,
  now: Date,
): Promise<void> {
  if (!refreshToken) return;
  const [row] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(keys, refreshToken)));
  if (row) await revokeFamily(db, row.familyId, now);
}

export async function revokeFamily(db: Database, familyId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of a user (password reset, account deletion), or every one but
 * `exceptFamilyId` (password change, "sign out all other sessions").
 *
 * @returns how many sessions (families) were ended.
 */
export async function revokeAllSessions(
  db: Database,
  userId: string,
  now: Date,
  options: { exceptFamilyId?: string } = {},
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.exceptFamilyId ? ne(sessions.familyId, options.exceptFamilyId) : undefined,
      ),
    )
    .returning({ familyId: sessions.familyId });
  return new Set(ended.map((row) => row.familyId)).size;
}

/** One signed-in session (a refresh-token family), as the profile page lists it. */
export interface ActiveSession {
  /** The family id: what `account.revokeSession` takes. */
  id: string;
  /** The browser's User-Agent as last seen, or null. */
  userAgent: string | null;
  ipAddress: string | null;
  /** When the session was last refreshed (at most 15 min behind while it is in use). */
  lastSeenAt: Date;
  signedInAt: Date;
  /** True for the session that is asking. */
  current: boolean;
}

/** The live sessions of a user, most recently seen first. */
export async function listActiveSessions(
  db: Database,
  userId: string,
  currentFamilyId: string,
  now: Date,
): Promise<ActiveSession[]> {
  // The newest token of each live family carries its latest client details.
  const rows = await db
    .selectDistinctOn([sessions.familyId])
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(sessions.familyId, desc(sessions.createdAt));
  return rows
    .map((row) => ({
      id: row.familyId,
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      lastSeenAt: row.lastSeenAt,
      signedInAt: new Date(row.absoluteExpiresAt.getTime() - SESSION_ABSOLUTE_TTL_MS),
      current: row.familyId === currentFamilyId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || +b.lastSeenAt - +a.lastSeenAt);
}

/**
 * Ends one live session of the user's.
 *
 * @throws NotFoundError when the user has no live session with that id.
 */
export async function revokeUserSession(
  db: Database,
  userId: string,
  familyId: string,
  now: Date,
): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.userId, userId), eq(sessions.familyId, familyId), isNull(sessions.revokedAt)),
    )
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new NotFoundError(SESSION_NOT_FOUND_MESSAGE);
}

export const SESSION_NOT_FOUND_MESSAGE = 'That session has already ended.';

/**
 * True while the family has a live, unrevoked token: access tokens die with their family.
 * With `liveness` (PostgreSQL), a family found live is trusted for a few seconds, or until the
 * database announces it revoked (`session-liveness.ts`).
 */
export async function isSessionActive(
  db: Database,
  userId: string,
  familyId: string,
  now: Date,
  liveness?: SessionLiveness | null,
): Promise<boolean> {
  if (liveness?.isKnownLive(familyId, userId, now.getTime())) return true;
  // A placeholder's value skips the column's own mapping: Drizzle sends timestamps as ISO text.
  const [row] = await liveSession(db).execute({ familyId, userId, now: now.toISOString() });
  if (row) liveness?.remember(familyId, userId, row.absoluteExpiresAt.getTime(), now.getTime());
  return Boolean(row);
}

/** A session family's live row, if any: asked on every call where no cache answers (PGlite). */
const liveSession = preparedQuery((db) =>
  db
    .select({ absoluteExpiresAt: sessions.absoluteExpiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.familyId, sql.placeholder('familyId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.absoluteExpiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('live_session'),
);

async function insertToken(
  db: Database,
  keys: AuthKeys,
  opts: {
    userId: string;
    familyId: string;
    absoluteExpiresAt: Date;
    client: ClientInfo;
    now: Date;
  },
): Promise<IssuedTokens> {
  const refreshToken = randomBytes(32).toString('base64url');
  const refreshExpiresAt = new Date(
    Math.min(opts.now.getTime() + REFRESH_TOKEN_TTL_MS, opts.absoluteExpiresAt.getTime()),
  );
  await db.insert(sessions).values({
    userId: opts.userId,
    familyId: opts.familyId,
    tokenHash: hashToken(keys, refreshToken),
    userAgent: opts.client.userAgent?.slice(0, 500),
    ipAddress: opts.client.ipAddress,
    expiresAt: refreshExpiresAt,
    absoluteExpiresAt: opts.absoluteExpiresAt,
    lastSeenAt: opts.now,
    createdAt: opts.now,
  });
  const accessToken = await signAccessToken(
    keys.accessToken,
    { sub: opts.userId, sid: opts.familyId },
    ACCESS_TOKEN_TTL_MS,
    opts.now,
  );
  return { accessToken, refreshToken, familyId: opts.familyId, refreshExpiresAt };
}

function hashToken(keys: AuthKeys, token: string): string {
  return createHmac('sha256', keys.tokenHashing).update(token).digest('hex');
}
