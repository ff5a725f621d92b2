import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { users } from './users';

/**
 * Pairs of contacts the person said are not duplicates ("Not duplicates" on Merge & fix,
 * docs/product/screens.md#merge--fix-screen): Merge & fix no longer links the pair. A pair is
 * stored once, its smaller id first; a row goes with either contact when it is deleted for
 * good, and with the account.
 */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactA: uuid('contact_a')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    contactB: uuid('contact_b')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contactA, t.contactB] }),
    check('duplicate_dismissals_ordered', sql`${t.contactA} < ${t.contactB}`),
    index('duplicate_dismissals_user_idx').on(t.userId),
    // Deleting a contact for good finds its rows by either column (the key leads with `contact_a`).
    index('duplicate_dismissals_contact_b_idx').on(t.contactB),
  ],
);

/** A copy a merge sent to the Trash, as the merge left it. */
export interface MergedCopy {
  id: string;
  /** The copy's revision once the merge was written; another value means it changed since. */
  revision: number;
  /** The photo it had before the merge (a picked photo moves to the kept contact). */
  photoImageId: string | null;
}

/**
 * What a merge changed, written in the merge's transaction, so "Undo" can put it back for a
 * short while (`MERGE_UNDO_MS` in packages/api/src/merge): the kept contact's columns and
 * labels before the merge, its revision after, and the copies sent to the Trash. A row goes
 * with its undo, with the kept contact, and with the account.
 */
export const mergeUndos = pgTable(
  'merge_undos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keptId: uuid('kept_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The kept contact's revision once the merge was written. */
    keptRevision: bigint('kept_revision', { mode: 'number' }).notNull(),
    /** The kept contact's columns the merge changed, as they were before it. */
    previous: jsonb('previous').$type<Record<string, unknown>>().notNull(),
    /** The labels the merge gave the kept contact from its copies. */
    addedLabelIds: jsonb('added_label_ids').$type<string[]>().notNull(),
    copies: jsonb('copies').$type<MergedCopy[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('merge_undos_user_kept_idx').on(t.userId, t.keptId),
    index('merge_undos_created_idx').on(t.createdAt),
  ],
);
