import { createHmac, randomBytes } from 'node:crypto';
import { schema, type Database } from '@kith/db';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';

const { apiTokens } = schema;

/** Every token starts with this, so a leaked one is recognisable (by secret scanners too). */
export const API_TOKEN_PREFIX = 'kith_';

/** How often a token's last use is written, in ms: at most once a minute per token. */
const LAST_USED_EVERY_MS = 60_000;

/** A new token: the prefix and 256 random bits, base64url (48 characters in all). */
export function newApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The token's HMAC-SHA256 under the token-hashing key: what is stored and looked up. */
export function apiTokenHash(key: Uint8Array, token: string): string {
  return createHmac('sha256', key).update(`api-token:${token}`).digest('base64url');
}

/** Whether a request carries `Authorization: Bearer …` (RFC 6750 §2.1). */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  return match ? match[1]! : '';
}

/** A live token: whose it is and what it may do. */
export interface ApiTokenGrant {
  id: string;
  userId: string;
  scopes: string[];
}

/**
 * The live token a Bearer value names: known, not expired, its account not deleted. Moves its
 * last use (at most once a minute).
 *
 * @returns null for an unknown, revoked or expired token.
 */
export async function findApiToken(
  db: Database,
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<ApiTokenGrant | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      deletedAt: schema.users.deletedAt,
    })
    .from(apiTokens)
    .innerJoin(schema.users, eq(schema.users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, apiTokenHash(key, token)));
  if (!row || row.deletedAt || (row.expiresAt && row.expiresAt <= now)) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, row.id),
          or(
            isNull(apiTokens.lastUsedAt),
            lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)),
          ),
        ),
      );
  }
  return { id: row.id, userId: row.userId, scopes: row.scopes };
}

/** Tokens not yet expired at `now` (a condition on `api_tokens`). */
export const liveApiTokens = (now: Date) =>
  or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now));

/**
 * Revokes every API token of the account, as a password reset or change does (OWASP Session
 * Management Cheat Sheet: invalidate on credential change; a token made by whoever knew the old
 * password must not outlive it).
 *
 * @returns how many were revoked.
 */
export async function revokeAllApiTokens(db: Database, userId: string): Promise<number> {
  const removed = await db
    .delete(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .returning({ id: apiTokens.id });
  return removed.length;
}
