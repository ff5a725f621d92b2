import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { users } from './users';

/** One mail per date as it comes, or one mail a week listing the week ahead. */
export const reminderDelivery = pgEnum('reminder_delivery', ['each', 'weekly_digest']);

/**
 * How a person wants to be reminded by mail. Absent means never set: reminders are off.
 * `leadDays` are the days before a date a reminder goes out (0 = on the day). `sendMinute`
 * is the time of day in `timeZone` (an IANA name), in minutes after midnight. `preparedOn` is
 * the person's local date the dispatch last finished for, so a run that stops half-way is
 * done again (the deliveries keep it from mailing twice) and a finished one is not.
 */
export const reminderSettings = pgTable('reminder_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  birthdays: boolean('birthdays').notNull().default(true),
  anniversaries: boolean('anniversaries').notNull().default(true),
  /** Labelled dates other than anniversaries ("Graduation"; RFC 6350 has no name for them). */
  otherDates: boolean('other_dates').notNull().default(false),
  leadDays: smallint('lead_days')
    .array()
    .notNull()
    .default(sql`'{0}'::smallint[]`),
  sendMinute: smallint('send_minute').notNull().default(540),
  timeZone: text('time_zone').notNull().default('UTC'),
  delivery: reminderDelivery('delivery').notNull().default('each'),
  preparedOn: date('prepared_on', { mode: 'string' }),
  /**
   * The version of these settings that unsubscribe links are signed for: it moves on every
   * save (a change, or reminders turned on again), so a link in an older mail has expired.
   * Turning reminders off by a link does not move it.
   */
  linkVersion: integer('link_version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every reminder mail sent, claimed before it is sent: the unique key (account, contact,
 * occasion, date, lead time) is what makes a mail go out at most once, whether a job is
 * retried or the server stops half-way. `occasion` is `birthday`, `anniversary`, `date:` and
 * the date's label, or `digest` (a weekly digest: no contact, `occursOn` its first day).
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    occasion: text('occasion').notNull(),
    occursOn: date('occurs_on', { mode: 'string' }).notNull(),
    leadDays: smallint('lead_days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reminder_deliveries_once')
      .on(t.userId, t.contactId, t.occasion, t.occursOn, t.leadDays)
      .nullsNotDistinct(),
    index('reminder_deliveries_sent_at_idx').on(t.sentAt),
    // A contact deleted for good takes its deliveries with it (the foreign key's cascade).
    index('reminder_deliveries_contact_id_idx').on(t.contactId),
  ],
);

/**
 * A person's calendar feed (RFC 5545 over HTTP): at most one per account. The feed's URL
 * carries `feedId` and an HMAC of it under a key derived from APP_SECRET, so the URL can be
 * shown again without being stored, and a copy of the database alone opens no feed. Revoking
 * deletes the row; a new feed gets a new id.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  feedId: text('feed_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
