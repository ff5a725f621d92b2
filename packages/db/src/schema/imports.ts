import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { users } from './users';

/**
 * What an import changed in a contact that was already in the book, written in the same
 * transaction as the change: the contact's columns and label ids before it. Undoing the import
 * puts them back; the retention job drops backups after a day.
 */
export const contactImportBackups = pgTable(
  'contact_import_backups',
  {
    importId: uuid('import_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    previous: jsonb('previous').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_import_backups_import_idx').on(t.importId, t.contactId),
    index('contact_import_backups_created_idx').on(t.createdAt),
  ],
);
