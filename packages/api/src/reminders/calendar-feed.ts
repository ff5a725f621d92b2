import { schema, type Database } from '@kith/db';
import { multiLineText, singleLineText, type InterfaceLocale } from '@kith/validators';
import { and, asc, eq, isNull, or, isNotNull, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { AuthKeys } from '../credentials/keys';
import { CALENDAR_FEED_PATH } from './paths';
import { newTokenId, signToken, verifyToken } from './signed-tokens';

const { calendarFeeds, contacts, users } = schema;

/** A person's feed as /me shows it: its address, or null when there is none. */
export interface CalendarFeed {
  url: string;
  createdAt: Date;
}

function feedUrl(publicUrl: string, key: Uint8Array, feedId: string): string {
  return `${publicUrl}${CALENDAR_FEED_PATH}/${signToken(key, 'calendar-feed', feedId)}.ics`;
}

/** The account's feed, or null. */
export async function getCalendarFeed(
  db: Database,
  keys: Pick<AuthKeys, 'reminderLinks'>,
  publicUrl: string,
  userId: string,
): Promise<CalendarFeed | null> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row
    ? { url: feedUrl(publicUrl, keys.reminderLinks, row.feedId), createdAt: row.createdAt }
    : null;
}

/**
 * Creates the account's feed, or replaces it with a new address (the old one then answers
 * 404): a calendar that was subscribed to the old address has to subscribe again.
 */
export async function createCalendarFeed(
  db: Database,
  keys: Pick<AuthKeys, 'reminderLinks'>,
  publicUrl: string,
  userId: string,
): Promise<CalendarFeed> {
  const feedId = newTokenId();
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, feedId })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { feedId, createdAt: new Date() } })
    .returning();
  return { url: feedUrl(publicUrl, keys.reminderLinks, feedId), createdAt: row!.createdAt };
}

/** Revokes the account's feed: its address answers 404 from now on. */
export async function revokeCalendarFeed(db: Database, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The account a feed token opens, with its language; null for an unknown or revoked one. */
export async function feedOwner(
  db: Database,
  keys: Pick<AuthKeys, 'reminderLinks'>,
  token: string,
): Promise<{ userId: string; locale: InterfaceLocale | null } | null> {
  const feedId = verifyToken(keys.reminderLinks, 'calendar-feed', token);
  if (!feedId) return null;
  const [row] = await db
    .select({ userId: calendarFeeds.userId, locale: users.locale })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.feedId, feedId), isNull(users.deletedAt)));
  return row ?? null;
}

const titles = {
  en: {
    calendar: 'Kith: birthdays and anniversaries',
    birthday: (name: string) => `${name}'s birthday`,
    anniversary: (name: string) => `${name}'s anniversary`,
    born: (year: number) => `Born in ${year}`,
    since: (year: number) => `Since ${year}`,
  },
  es: {
    calendar: 'Kith: cumpleaños y aniversarios',
    birthday: (name: string) => `Cumpleaños de ${name}`,
    anniversary: (name: string) => `Aniversario de ${name}`,
    born: (year: number) => `Nació en ${year}`,
    since: (year: number) => `Desde ${year}`,
  },
} satisfies Record<InterfaceLocale, unknown>;

/** The year a date without one is shown from: a leap year, so 29 February exists in it. */
const YEAR_UNKNOWN = 2000;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function yearlyEvent(
  uid: string,
  stamp: ICAL.Time,
  date: { year: number | null; month: number; day: number },
  summary: string,
  description: string | null,
  url: string,
): ICAL.Component {
  const event = new ICAL.Component('vevent');
  event.addPropertyWithValue('uid', uid);
  event.addPropertyWithValue('dtstamp', stamp);
  const start = `${date.year ?? YEAR_UNKNOWN}-${pad(date.month)}-${pad(date.day)}`;
  event.addPropertyWithValue('dtstart', ICAL.Time.fromDateString(start));
  // An all-day event lasts one day (RFC 5545 §3.6.1: DTEND is exclusive).
  const end = ICAL.Time.fromDateString(start);
  end.adjust(1, 0, 0, 0);
  event.addPropertyWithValue('dtend', end);
  // A 29 February date falls on February's last day: the 29th in leap years, else the 28th.
  const rule =
    date.month === 2 && date.day === 29 ? 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1' : 'FREQ=YEARLY';
  event.addPropertyWithValue('rrule', ICAL.Recur.fromString(rule));
  // ical.js escapes line feeds but not a bare CR, which a calendar may read as a line's end
  // (an injected property); names stored before the contact limits cleaned them may hold one.
  event.addPropertyWithValue('summary', singleLineText(summary));
  if (description) event.addPropertyWithValue('description', multiLineText(description));
  event.addPropertyWithValue('url', url);
  event.addPropertyWithValue('transp', 'TRANSPARENT');
  return event;
}

/**
 * The account's calendar (RFC 5545): every active contact's birthday and anniversaries as
 * yearly all-day events, in the account's language, with a link to the contact. A date
 * whose year is unknown starts in 2000. Event UIDs are stable (`<contact>-birthday@kith`), so
 * calendars update events in place on each poll; each event's DTSTAMP is the contact's last
 * change, so the text changes only when the book does.
 */
export async function calendarFeedText(
  db: Database,
  owner: { userId: string; locale: InterfaceLocale | null },
  publicUrl: string,
): Promise<string> {
  const words = titles[owner.locale ?? 'en'];
  const rows = await db
    .select({
      id: contacts.id,
      name: sql<string>`trim(${contacts.givenName} || ' ' || ${contacts.familyName})`,
      birthdayDay: contacts.birthdayDay,
      birthdayMonth: contacts.birthdayMonth,
      birthdayYear: contacts.birthdayYear,
      dates: contacts.dates,
      updatedAt: contacts.updatedAt,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, owner.userId),
        isNull(contacts.trashedAt),
        or(isNotNull(contacts.birthdayMonth), sql`${contacts.dates} @> '[{"type":"anniversary"}]'`),
      ),
    )
    .orderBy(asc(contacts.sortName), asc(contacts.id));

  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', '-//Kith//Kith address book//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  // The names Apple Calendar, Google Calendar and Thunderbird show for a subscription.
  calendar.addPropertyWithValue('x-wr-calname', words.calendar);
  calendar.addPropertyWithValue('name', words.calendar);
  // Ask pollers to come back twice a day (RFC 7986 REFRESH-INTERVAL; Microsoft's older name).
  calendar
    .addPropertyWithValue('refresh-interval', ICAL.Duration.fromString('PT12H'))
    .setParameter('value', 'DURATION');
  calendar.addPropertyWithValue('x-published-ttl', 'PT12H');
  for (const row of rows) {
    // The contact's last change, not the time of the request: the same book gives the same
    // text, so a poller's If-None-Match gets a 304.
    const stamp = ICAL.Time.fromJSDate(
      new Date(Math.floor(row.updatedAt.getTime() / 1000) * 1000),
      true,
    );
    const url = `${publicUrl}/person/${row.id}`;
    if (row.birthdayMonth !== null && row.birthdayDay !== null) {
      calendar.addSubcomponent(
        yearlyEvent(
          `${row.id}-birthday@kith`,
          stamp,
          { year: row.birthdayYear, month: row.birthdayMonth, day: row.birthdayDay },
          words.birthday(row.name),
          row.birthdayYear ? words.born(row.birthdayYear) : null,
          url,
        ),
      );
    }
    row.dates
      .filter((d) => d.type === 'anniversary')
      .forEach((d, i) =>
        calendar.addSubcomponent(
          yearlyEvent(
            `${row.id}-anniversary-${i}@kith`,
            stamp,
            d,
            words.anniversary(row.name),
            d.year ? words.since(d.year) : null,
            url,
          ),
        ),
      );
  }
  return `${calendar.toString()}\r\n`;
}
