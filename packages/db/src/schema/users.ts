import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigint,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { images } from './images';

/** The interface languages (BCP 47 primary tags) the web app has a complete catalogue for. */
export const interfaceLocale = pgEnum('interface_locale', ['en', 'es']);

/** Light, dark, or follow the device (`auto`, the default). */
export const colorScheme = pgEnum('color_scheme', ['auto', 'light', 'dark']);

/** The order of the contacts and favorites lists. */
export const contactSort = pgEnum('contact_sort', [
  'first_name',
  'last_name',
  'recently_added',
  'recently_edited',
]);

/**
 * People who hold an account. `email` is stored trimmed and lowercased, so the unique
 * index makes addresses unique whatever case they were typed in.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The profile photo, an image the person uploaded. */
    avatarImageId: uuid('avatar_image_id').references((): AnyPgColumn => images.id, {
      onDelete: 'set null',
    }),
    /** Chosen interface language; null follows the browser. */
    locale: interfaceLocale('locale'),
    colorScheme: colorScheme('color_scheme').notNull().default('auto'),
    contactSort: contactSort('contact_sort').notNull().default('first_name'),
    /** Set when the person deletes the account; the purge job removes the rows later. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The CardDAV address book's name as a client renamed it (PROPPATCH displayname). */
    addressBookName: text('address_book_name'),
    /** The card a client marked as the person's own (Apple's `CS:me-card`), by resource name. */
    meCard: text('me_card'),
    /**
     * Sync tokens (RFC 6578) at or below this revision are refused: the deletions after them
     * may have left the tombstones (`contact_tombstones`), so the client syncs anew.
     */
    davSyncFloor: bigint('dav_sync_floor', { mode: 'number' }).notNull().default(0),
    /**
     * The account's CardDAV revision counter: the newest revision its contacts, labels and
     * tombstones took. Each change takes the next one (migration 0016's triggers), so ETags
     * and sync tokens count this account's changes only and say nothing of other accounts'.
     * Written once per statement, when it ends, with every number the statement took
     * (migration 0030, docs/decisions/0019-revisions-taken-per-statement.md).
     */
    davRevision: bigint('dav_revision', { mode: 'number' }).notNull().default(0),
    /**
     * Bytes the account's contacts take (trashed ones included), kept by the same triggers as
     * `davRevision` (migration 0019), so checking the storage quota on a card upload reads
     * one row instead of measuring the whole book.
     */
    contactBytes: bigint('contact_bytes', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_avatar_image_id_idx').on(t.avatarImageId),
    index('users_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export type User = typeof users.$inferSelect;
