import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Personal API tokens (docs/api-tokens.md): what a script or another app signs in to the API
 * with, as `Authorization: Bearer`, limited to its scopes and, if the person chose, to a date.
 * Only an HMAC of the token is kept (a 256-bit secret needs no slow hash); `prefix` is its first
 * characters, shown so the person can tell tokens apart. Revoking deletes the row.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    /** `feature:read` or `feature:write` (docs/api-tokens.md#scopes). */
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Moved at most once a minute, so a busy script does not write on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_user_id_idx').on(t.userId),
  ],
);
