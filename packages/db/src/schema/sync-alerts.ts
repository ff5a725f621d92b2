import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Safety rails for sync (docs/history.md#safety-rails-for-sync): one row per burst in which
 * one app password (a CardDAV client) deleted or rewrote more of the book than the rule
 * allows within 10 minutes. The web app shows the open ones as a notice with "Undo these
 * changes"; the person is mailed once per row (`mailedAt`). `appPasswordId` has no foreign
 * key: the alert outlives the app password when the person revokes it, and keeps its name.
 */
export const syncAlerts = pgTable(
  'sync_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appPasswordId: uuid('app_password_id').notNull(),
    /** The person's name for the device ("iPhone") when the burst was seen. */
    appPasswordName: text('app_password_name').notNull(),
    /** When the burst's first change was written (its transaction's start). */
    since: timestamp('since', { withTimezone: true }).notNull(),
    /** When its last change seen so far was written; moves while the burst goes on. */
    until: timestamp('until', { withTimezone: true }).notNull(),
    /** Contacts the app password deleted or rewrote between `since` and `until`. */
    contactsChanged: integer('contacts_changed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the mail went out (claimed before sending, given back if the server refused). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** "Keep them". */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    /** "Undo these changes". */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('sync_alerts_user_app_password_idx').on(t.userId, t.appPasswordId, t.until),
    index('sync_alerts_until_idx').on(t.until),
  ],
);

export type SyncAlert = typeof syncAlerts.$inferSelect;
