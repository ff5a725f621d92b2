import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Through what a change came (docs/history.md#sources): Kith's web app, the API (REST or the
 * SDK), a CardDAV client by its app password, an import, a merge, a restore from the history,
 * or the Trash's retention. The database reads it from the transaction's `kith.change_source`
 * setting, which the API sets with the account's book lock.
 */
export type ChangeSource =
  | { via: 'web' }
  | { via: 'api' }
  | { via: 'carddav'; appPasswordId: string; appPasswordName: string }
  | { via: 'import'; importId: string }
  | { via: 'merge' }
  | { via: 'restore'; to: string }
  | { via: 'retention' };

/**
 * A contact as it was before a change (docs/history.md): the row's own values under their
 * column names (generated columns and the revision left out), with `labels`, the labels it
 * carried (`{id, name}`).
 */
export type ContactSnapshot = Record<string, unknown> & { labels: { id: string; name: string }[] };

/** A label as it was before a change: its row's values under their column names. */
export type LabelSnapshot = Record<string, unknown>;

/**
 * The history of every contact (docs/history.md): one row per contact per write transaction
 * that changed it, written by the database's triggers (migration 0025) whoever the writer,
 * holding the contact as it was before that transaction; `card` null when the transaction
 * created it. Kept 30 days. `contactId` has no foreign key: a contact deleted for good keeps
 * its history, so it can be put back.
 */
export const contactVersions = pgTable(
  'contact_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull(),
    /** The writing transaction (`txid_current()`): one version per contact per transaction. */
    txid: bigint('txid', { mode: 'number' }).notNull(),
    /** When the writing transaction began (`now()`), so one write's versions share it. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    source: jsonb('source').$type<ChangeSource>(),
    card: jsonb('card').$type<ContactSnapshot>(),
    /** The photo `card` shows, which is kept while this version is (retention). */
    photoImageId: uuid('photo_image_id'),
  },
  (t) => [
    uniqueIndex('contact_versions_contact_txid_key').on(t.contactId, t.txid),
    index('contact_versions_user_recorded_idx').on(t.userId, t.recordedAt),
    index('contact_versions_contact_recorded_idx').on(t.contactId, t.recordedAt),
    index('contact_versions_recorded_idx').on(t.recordedAt),
    index('contact_versions_photo_idx')
      .on(t.photoImageId)
      .where(sql`${t.photoImageId} is not null`),
  ],
);

/** The history of labels, as `contactVersions` keeps contacts': `label` null when created. */
export const labelVersions = pgTable(
  'label_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id').notNull(),
    txid: bigint('txid', { mode: 'number' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    source: jsonb('source').$type<ChangeSource>(),
    label: jsonb('label').$type<LabelSnapshot>(),
  },
  (t) => [
    uniqueIndex('label_versions_label_txid_key').on(t.labelId, t.txid),
    index('label_versions_user_recorded_idx').on(t.userId, t.recordedAt),
    index('label_versions_recorded_idx').on(t.recordedAt),
  ],
);

export type ContactVersion = typeof contactVersions.$inferSelect;
