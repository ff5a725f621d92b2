import { schema, type Database } from '@kith/db';
import { API_TOKENS_MAX, type CreateApiTokenInput } from '@kith/validators';
import { and, asc, count, eq } from 'drizzle-orm';
import { apiTokenHash, liveApiTokens, newApiToken } from '../credentials/api-tokens';
import { ConflictError, NotFoundError } from '../shared/errors';

const { apiTokens } = schema;

export const API_TOKEN_NOT_FOUND = 'That API token has already been revoked.';
export const TOO_MANY_API_TOKENS = `You have ${API_TOKENS_MAX} API tokens. Revoke one you no longer use first.`;

/** How many characters of a token the list shows, so the person can tell tokens apart. */
const SHOWN_PREFIX_LENGTH = 9;

/** A token as the profile page lists it; never the token itself. */
export interface ApiTokenSummary {
  id: string;
  name: string;
  /** Its first characters, `kith_AbCd`. */
  prefix: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

const summaryColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  scopes: apiTokens.scopes,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

/** The account's tokens not yet expired, oldest first. */
export function listApiTokens(db: Database, userId: string, now: Date): Promise<ApiTokenSummary[]> {
  return db
    .select(summaryColumns)
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), liveApiTokens(now)))
    .orderBy(asc(apiTokens.createdAt));
}

/**
 * Creates a token (docs/api-tokens.md) and returns it once, in clear, with its summary; only its
 * HMAC is kept. Expired tokens of the account are deleted first, so they never count.
 *
 * @throws ConflictError when the account already has API_TOKENS_MAX live tokens.
 */
export async function createApiToken(
  db: Database,
  key: Uint8Array,
  userId: string,
  input: CreateApiTokenInput,
  now: Date,
): Promise<{ token: string; apiToken: ApiTokenSummary }> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), liveApiTokens(now)));
  if (total >= API_TOKENS_MAX) throw new ConflictError(TOO_MANY_API_TOKENS);
  const token = newApiToken();
  const expiresAt =
    input.expiresInDays === null
      ? null
      : new Date(now.getTime() + input.expiresInDays * 24 * 60 * 60_000);
  const [apiToken] = await db
    .insert(apiTokens)
    .values({
      userId,
      name: input.name,
      tokenHash: apiTokenHash(key, token),
      prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
      scopes: [...new Set(input.scopes)].sort(),
      expiresAt,
      createdAt: now,
    })
    .returning(summaryColumns);
  return { token, apiToken: apiToken! };
}

/**
 * Revokes a token: its next request is refused.
 *
 * @throws NotFoundError when it is gone or another account's.
 */
export async function revokeApiToken(db: Database, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  if (!removed.length) throw new NotFoundError(API_TOKEN_NOT_FOUND);
}
