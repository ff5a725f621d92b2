import {
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { interfaceLocale, users } from './users';

/** What a one-time code proves: the email of a new account, or the right to reset a password. */
export const oneTimeCodePurpose = pgEnum('one_time_code_purpose', ['verify_email', 'recover']);

/**
 * One-time codes sent by mail (6 digits, resend cooldown 120 s: docs/product/limits.md#limits).
 * Only a hash of the code is kept; `attempts` counts wrong tries, `consumedAt` makes a code
 * single-use.
 * A sign-up's code carries the name and password submitted with it (`signup*`), which the
 * account takes only when that code is entered, so a second sign-up for a pending email can
 * never set the credentials the first person verifies (a pending-account takeover;
 * docs/decisions/0015-a-sign-up-code-carries-its-credentials.md). A recovery code is
 * `verifiedAt` by recovery step 3 and consumed by step 4, so a reset works once.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: oneTimeCodePurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    signupName: text('signup_name'),
    /** argon2id PHC string of the password submitted with the sign-up. */
    signupPasswordHash: text('signup_password_hash'),
    signupLocale: interfaceLocale('signup_locale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/**
 * Refresh-token sessions (OAuth 2.0 Security BCP: rotation with reuse detection). Each
 * rotation inserts a new row in the same `familyId`; presenting a rotated token revokes
 * the family. Only a SHA-256 hash of the opaque token is stored.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The family's absolute end: rotation never extends a session past it. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_family_id_idx').on(t.familyId),
    index('sessions_expires_at_idx').on(t.absoluteExpiresAt),
  ],
);
