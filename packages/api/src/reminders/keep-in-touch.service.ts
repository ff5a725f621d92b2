import { schema, type Database } from '@kith/db';
import type { KeepInTouchInterval } from '@kith/validators';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type Contact,
  type ContactChanges,
  CONTACT_NOT_FOUND,
  selectContactsWithPhoto,
  toDto,
  updateContactRows,
} from '../contacts';
import type { ImageStorage } from '../storage/image-storage';
import { NotFoundError, ValidationError } from '../shared/errors';
import { bookTransaction } from '../shared/write-transaction';
import { addDays } from './local-time';

const { contacts } = schema;

/**
 * The date a contact is next due for keeping in touch: one interval after
 * `keep_in_touch_from`, in calendar months where the interval is months (31 January plus a
 * month is 28 or 29 February, PostgreSQL's rule). Null without an interval.
 */
export const keepInTouchDueOn = sql<
  string | null
>`(${contacts.keepInTouchFrom} + case ${contacts.keepInTouch}
  when 'week' then interval '7 days' when 'month' then interval '1 month'
  when 'quarter' then interval '3 months' when 'half_year' then interval '6 months'
  when 'year' then interval '1 year' end)::date::text`;

/** A contact's keep-in-touch state: `dueOn` null when no interval is set. */
export interface KeepInTouchState {
  interval: KeepInTouchInterval | null;
  lastContactedOn: string | null;
  dueOn: string | null;
}

/**
 * The person's own date today: `today` as the browser sent it, when it is within a day of
 * the server's UTC date (every time zone is), else the UTC date.
 *
 * @throws ValidationError for a date more than a day from today anywhere on Earth.
 */
export function personsToday(now: Date, today: string | undefined): string {
  const utc = now.toISOString().slice(0, 10);
  if (!today) return utc;
  if (today < addDays(utc, -1) || today > addDays(utc, 1)) {
    throw new ValidationError('That date is not today in any time zone.');
  }
  return today;
}

async function updateOne(
  db: Database,
  userId: string,
  contactId: string,
  set: ContactChanges | ReturnType<typeof buildSet>,
): Promise<KeepInTouchState> {
  const one = and(eq(contacts.id, contactId), isNull(contacts.trashedAt));
  // A write of the book as any other: the book lock first, and the call's source named for
  // the history (docs/history.md#sources).
  return bookTransaction(db, userId, async (tx) => {
    const [changed] = await updateContactRows(tx, userId, one, set as ContactChanges);
    if (!changed) throw new NotFoundError(CONTACT_NOT_FOUND);
    const [row] = await tx
      .select({
        interval: contacts.keepInTouch,
        lastContactedOn: contacts.lastContactedOn,
        dueOn: keepInTouchDueOn,
      })
      .from(contacts)
      .where(eq(contacts.id, contactId));
    return row!;
  });
}

function buildSet(interval: KeepInTouchInterval | null, today: string) {
  if (!interval) return { keepInTouch: null, keepInTouchFrom: null };
  // The clock starts at the last talk when there was one, else today.
  return {
    keepInTouch: interval,
    keepInTouchFrom: sql`coalesce(${contacts.lastContactedOn}, ${today}::date)`,
  };
}

/**
 * Sets (or, with null, clears) how often to keep in touch with one of the account's active
 * contacts. @throws NotFoundError for a contact that is not the account's or is in the trash.
 */
export function setKeepInTouch(
  db: Database,
  userId: string,
  contactId: string,
  interval: KeepInTouchInterval | null,
  today: string,
): Promise<KeepInTouchState> {
  return updateOne(db, userId, contactId, buildSet(interval, today));
}

/**
 * "I talked to them today": the last contact is today, and the keep-in-touch clock starts
 * again. @throws NotFoundError as `setKeepInTouch`.
 */
export function markTalkedToday(
  db: Database,
  userId: string,
  contactId: string,
  today: string,
): Promise<KeepInTouchState> {
  return updateOne(db, userId, contactId, { lastContactedOn: today, keepInTouchFrom: today });
}

/** One contact's keep-in-touch state. @throws NotFoundError as `setKeepInTouch`. */
export async function getKeepInTouch(
  db: Database,
  userId: string,
  contactId: string,
): Promise<KeepInTouchState> {
  const [row] = await db
    .select({
      interval: contacts.keepInTouch,
      lastContactedOn: contacts.lastContactedOn,
      dueOn: keepInTouchDueOn,
    })
    .from(contacts)
    .where(
      and(eq(contacts.id, contactId), eq(contacts.userId, userId), isNull(contacts.trashedAt)),
    );
  if (!row) throw new NotFoundError(CONTACT_NOT_FOUND);
  return row;
}

/** A contact on the "Keep in touch" list. */
export interface KeepInTouchEntry extends KeepInTouchState {
  contact: Contact;
  /** True when `dueOn` is today or past. */
  due: boolean;
}

/**
 * The "Keep in touch" list: every active contact with an interval, soonest due first, and
 * how many are due on `today` or before (the sidebar's badge).
 */
export async function listKeepInTouch(
  db: Database,
  storage: ImageStorage,
  userId: string,
  today: string,
): Promise<{ items: KeepInTouchEntry[]; dueCount: number }> {
  const rows = await selectContactsWithPhoto(db, { dueOn: keepInTouchDueOn })
    .where(
      and(eq(contacts.userId, userId), isNull(contacts.trashedAt), isNotNull(contacts.keepInTouch)),
    )
    .orderBy(asc(keepInTouchDueOn), asc(contacts.sortName), asc(contacts.id));
  const items = rows.map((row) => ({
    contact: toDto(storage, row),
    interval: row.contact.keepInTouch,
    lastContactedOn: row.contact.lastContactedOn,
    dueOn: row.dueOn,
    due: row.dueOn !== null && row.dueOn <= today,
  }));
  return { items, dueCount: items.filter((i) => i.due).length };
}

/** How many of the account's contacts are due on `today` or before (the sidebar's badge). */
export async function countKeepInTouchDue(
  db: Database,
  userId: string,
  today: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        isNull(contacts.trashedAt),
        isNotNull(contacts.keepInTouch),
        sql`${keepInTouchDueOn} <= ${today}`,
      ),
    );
  return row?.count ?? 0;
}
