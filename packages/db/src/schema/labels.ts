import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { contacts } from './contacts';
import { users } from './users';

/**
 * A person's labels (Google Contacts' "labels", vCard CATEGORIES in RFC 6350 §6.7.1). Names
 * are unique per account whatever their case.
 */
export const labels = pgTable(
  'labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The import that created this label; undoing the import deletes it. */
    importId: uuid('import_id'),
    /**
     * Made by a CardDAV upload from a card's CATEGORIES, not by the person: while none of its
     * contacts is out of the Trash, it is no group card (docs/card-is-the-record.md), so a
     * phone shows no empty group for a card it deleted. A group card PUT makes it the
     * person's own.
     */
    madeFromCard: boolean('made_from_card').notNull().default(false),
    /**
     * The label as Apple's clients see it over CardDAV, a group card: its UID, its
     * resource name, and its revision (moved by the database when it is renamed or a contact
     * joins or leaves), as `contacts` has them.
     */
    uid: text('uid').notNull().default(''),
    davName: text('dav_name').notNull().default(''),
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('labels_user_name_key').on(t.userId, sql`lower(${t.name})`),
    uniqueIndex('labels_user_dav_name_key').on(t.userId, t.davName),
    index('labels_user_revision_idx').on(t.userId, t.revision),
  ],
);

/** Which contacts carry which labels; a row goes with its contact or its label. */
export const contactLabels = pgTable(
  'contact_labels',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.labelId] }),
    index('contact_labels_label_id_idx').on(t.labelId),
  ],
);

export type Label = typeof labels.$inferSelect;
