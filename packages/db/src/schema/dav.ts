import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * App passwords: what a phone or desktop address book signs in to CardDAV with,
 * over HTTP Basic with the account's email. One per device, named by the person, shown once
 * and kept only as an argon2id PHC string; revoking one deletes its row. The account
 * password never works over DAV.
 */
export const appPasswords = pgTable(
  'app_passwords',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The person's name for the device ("Ana's iPhone"). */
    name: text('name').notNull(),
    /** argon2id PHC string of the generated password. */
    passwordHash: text('password_hash').notNull(),
    /**
     * HMAC-SHA-256 of the normalised password under a key derived from `APP_SECRET`
     * (base64url): finds the one row a presented password can match, so a guess costs one
     * indexed read and never an argon2id check per app password. Null for passwords made
     * before it existed; they are matched by hash and given one on their next use.
     */
    lookupHash: text('lookup_hash'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The client IP of the last use. */
    lastUsedIp: text('last_used_ip'),
    /** The client's User-Agent at its last use ("iOS/18.1 (22B83) dataaccessd/1.0"). */
    lastUsedUserAgent: text('last_used_user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('app_passwords_user_id_idx').on(t.userId),
    uniqueIndex('app_passwords_lookup_hash_key').on(t.lookupHash),
  ],
);

/**
 * Cards deleted for good (a contact from the trash, by the 30-day purge or a merge; a label,
 * which Apple clients see as a group card), kept so a CardDAV client's `sync-collection`
 * report (RFC 6578) learns its card is gone. Written by the database's own triggers on
 * `contacts` and `labels`, so no writer can forget one. `revision` comes from the same
 * per-account counter as theirs (`users.dav_revision`). Kept for `TOMBSTONE_RETENTION_MS` (longer than the trash); a sync token
 * older than the newest purged one is refused (`users.dav_sync_floor`).
 */
export const davTombstones = pgTable(
  'dav_tombstones',
  {
    userId: uuid('user_id').notNull(),
    /** The contact's or label's id. */
    resourceId: uuid('resource_id').notNull(),
    /** `contact`, or `group` for a label. */
    kind: text('kind').notNull(),
    /** The card's resource name in the address book (`<uid>.vcf`). */
    davName: text('dav_name').notNull(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dav_tombstones_user_revision_idx').on(t.userId, t.revision),
    index('dav_tombstones_deleted_at_idx').on(t.deletedAt),
  ],
);
