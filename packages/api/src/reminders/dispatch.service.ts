import { executeRows, schema, type Database } from '@kith/db';
import type { InterfaceLocale } from '@kith/validators';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AuthKeys } from '../credentials/keys';
import type { Mailer } from '../mail/mailer';
import { keepInTouchDueOn } from './keep-in-touch.service';
import { addDays, localTime, monthDaysFallingOn } from './local-time';
import {
  digestMail,
  reminderMail,
  type KeepInTouchDue,
  type ReminderOccasion,
  type ReminderRecipient,
} from './reminder-mail';
import { UNSUBSCRIBE_PATH } from './paths';
import { signToken, uuidTokenId } from './signed-tokens';

const { reminderSettings, reminderDeliveries, users, contacts } = schema;

/** An account whose reminders are due now, on its own `today`. */
interface DueAccount {
  userId: string;
  email: string;
  name: string;
  locale: InterfaceLocale | null;
  /** The settings version the mail's unsubscribe link is signed for. */
  linkVersion: number;
  delivery: 'each' | 'weekly_digest';
  today: string;
  leadDays: number[];
  birthdays: boolean;
  anniversaries: boolean;
  otherDates: boolean;
}

/** What makes a delivery one: contact (null for a digest), occasion, date, lead time. */
type DeliveryKey = {
  contactId: string | null;
  occasion: string;
  occursOn: string;
  leadDays: number;
};

/** One account's part of a dispatch: the mails, and the local date it is done for. */
export interface AccountPlan {
  account: DueAccount;
  /** Per-date mails (`delivery: each`): each date with the lead time it is reminded at. */
  reminders: { occasion: ReminderOccasion; leadDays: number }[];
  /** The weekly digest (`delivery: weekly_digest`, Mondays): null on other days or modes. */
  digest: { occasions: ReminderOccasion[]; keepInTouch: KeepInTouchDue[] } | null;
}

/**
 * The accounts whose reminders are due at `now`: reminders on, a verified, undeleted
 * account, the local time (in the account's zone) at or past its time of day, and today's
 * dispatch not yet finished for it (`prepared_on`). Weekly digests are due on Mondays only.
 */
async function dueAccounts(db: Database, now: Date): Promise<DueAccount[]> {
  const rows = await db
    .select({
      userId: reminderSettings.userId,
      email: users.email,
      name: users.name,
      locale: users.locale,
      linkVersion: reminderSettings.linkVersion,
      delivery: reminderSettings.delivery,
      leadDays: reminderSettings.leadDays,
      birthdays: reminderSettings.birthdays,
      anniversaries: reminderSettings.anniversaries,
      otherDates: reminderSettings.otherDates,
      sendMinute: reminderSettings.sendMinute,
      timeZone: reminderSettings.timeZone,
      preparedOn: reminderSettings.preparedOn,
    })
    .from(reminderSettings)
    .innerJoin(users, eq(users.id, reminderSettings.userId))
    .where(
      and(
        eq(reminderSettings.enabled, true),
        isNull(users.deletedAt),
        isNotNull(users.emailVerifiedAt),
      ),
    );
  const due: DueAccount[] = [];
  for (const row of rows) {
    let local;
    try {
      local = localTime(now, row.timeZone);
    } catch {
      // A zone this runtime's tz database no longer knows (checked when saved): that one
      // account waits for a fix, the others are not held up.
      continue;
    }
    if (local.minute < row.sendMinute) continue;
    if (row.preparedOn !== null && row.preparedOn >= local.date) continue;
    if (row.delivery === 'weekly_digest' && local.weekday !== 1) continue;
    due.push({ ...row, today: local.date });
  }
  return due;
}

/** A contact's date that falls on one of the dispatch's days, in some due account. */
interface DateRow extends Record<string, unknown> {
  user_id: string;
  contact_id: string;
  contact_name: string;
  kind: 'birthday' | 'anniversary' | 'date';
  label: string;
  year: number | null;
  month: number;
  day: number;
}

/** A date one account is reminded of now, with the lead time it is reminded at. */
interface Found {
  userId: string;
  leadDays: number;
  occasion: ReminderOccasion;
}

/**
 * The days each due account is reminded about now, keyed by month-day (`3-14`): today plus
 * each lead time, or the next seven days for a digest; a 28 February of a year without a
 * 29th also stands for 29 February.
 */
function targetDays(account: DueAccount): Map<string, { occursOn: string; leadDays: number }[]> {
  const offsets = account.delivery === 'each' ? account.leadDays : [0, 1, 2, 3, 4, 5, 6];
  const byMonthDay = new Map<string, { occursOn: string; leadDays: number }[]>();
  for (const offset of offsets) {
    const occursOn = addDays(account.today, offset);
    for (const { month, day } of monthDaysFallingOn(occursOn)) {
      const key = `${month}-${day}`;
      byMonthDay.set(key, [...(byMonthDay.get(key) ?? []), { occursOn, leadDays: offset }]);
    }
  }
  return byMonthDay;
}

/**
 * Every date the due accounts are reminded of now. The database finds the contacts whose
 * birthday or date falls on any of the dispatch's days (a handful: the accounts' zones differ
 * by a day at most, plus the lead times) through its month-day indexes, across the due
 * accounts at once; the days are written into the statement so the planner sees how few they
 * are. Each contact's date is then matched to its own account's days and kinds here.
 * Trashed contacts never remind. Cost grows with the due accounts and their matching dates,
 * not with the whole table.
 */
async function findOccasions(db: Database, accounts: DueAccount[]): Promise<Found[]> {
  if (accounts.length === 0) return [];
  const targets = new Map(accounts.map((a) => [a.userId, { account: a, days: targetDays(a) }]));
  const monthDays = new Map<string, { month: number; day: number }>();
  for (const { days } of targets.values()) {
    for (const key of days.keys()) {
      const [month, day] = key.split('-').map(Number) as [number, number];
      monthDays.set(key, { month, day });
    }
  }
  const pairs = [...monthDays.values()];
  const birthdayOn = sql.join(
    pairs.map((p) => sql`(c.birthday_month = ${p.month} and c.birthday_day = ${p.day})`),
    sql` or `,
  );
  const dateOn = sql.join(
    pairs.map((p) => sql`c.dates @> ${JSON.stringify([{ month: p.month, day: p.day }])}::jsonb`),
    sql` or `,
  );
  const elementOn = sql.join(
    pairs.map((p) => sql`((e->>'month')::int = ${p.month} and (e->>'day')::int = ${p.day})`),
    sql` or `,
  );
  const due = JSON.stringify(accounts.map((a) => a.userId));
  const rows = await db.transaction(async (tx) => {
    // The estimates of a one-off scan of many rows invite JIT compilation, which cost more
    // than the query itself (1.4 s of 3.3 s at 1,000 accounts).
    await tx.execute(sql`set local jit = off`);
    return executeRows<DateRow>(
      tx as Database,
      sql`with due as materialized (
        select (value #>> '{}')::uuid as user_id from jsonb_array_elements(${due}::jsonb)
      )
      select c.user_id, c.id as contact_id, trim(c.given_name || ' ' || c.family_name) as contact_name,
             'birthday' as kind, '' as label, c.birthday_year::int as year,
             c.birthday_month::int as month, c.birthday_day::int as day
      from ${contacts} c
      where c.trashed_at is null and c.birthday_month is not null and (${birthdayOn})
        and c.user_id in (select user_id from due)
      union all
      select c.user_id, c.id, trim(c.given_name || ' ' || c.family_name),
             case when e->>'type' = 'anniversary' then 'anniversary' else 'date' end,
             e->>'type', (e->>'year')::int, (e->>'month')::int, (e->>'day')::int
      from ${contacts} c cross join lateral jsonb_array_elements(c.dates) as e
      where c.trashed_at is null and c.dates <> '[]'::jsonb and (${dateOn}) and (${elementOn})
        and c.user_id in (select user_id from due)`,
    );
  });

  const found: Found[] = [];
  for (const row of rows) {
    const target = targets.get(row.user_id);
    if (!target) continue;
    const { account, days } = target;
    const wanted =
      row.kind === 'birthday'
        ? account.birthdays
        : row.kind === 'anniversary'
          ? account.anniversaries
          : account.otherDates;
    if (!wanted) continue;
    for (const { occursOn, leadDays } of days.get(`${row.month}-${row.day}`) ?? []) {
      found.push({
        userId: row.user_id,
        leadDays,
        occasion: {
          contactId: row.contact_id,
          contactName: row.contact_name,
          kind: row.kind,
          label: row.label,
          occursOn,
          year: row.year,
        },
      });
    }
  }
  const kindOrder = { birthday: 0, anniversary: 1, date: 2 };
  return found.sort(
    (a, b) =>
      a.userId.localeCompare(b.userId) ||
      a.occasion.occursOn.localeCompare(b.occasion.occursOn) ||
      a.occasion.contactName.localeCompare(b.occasion.contactName) ||
      a.occasion.contactId.localeCompare(b.occasion.contactId) ||
      kindOrder[a.occasion.kind] - kindOrder[b.occasion.kind] ||
      a.occasion.label.localeCompare(b.occasion.label),
  );
}

/** The digest accounts' contacts due for keeping in touch within their week. */
async function keepInTouchDue(
  db: Database,
  accounts: DueAccount[],
): Promise<Map<string, KeepInTouchDue[]>> {
  const byUser = new Map<string, KeepInTouchDue[]>();
  const digests = accounts.filter((a) => a.delivery === 'weekly_digest');
  if (digests.length === 0) return byUser;
  const weekEnd = new Map(digests.map((a) => [a.userId, addDays(a.today, 6)]));
  const rows = await db
    .select({
      userId: contacts.userId,
      contactId: contacts.id,
      contactName: sql<string>`trim(${contacts.givenName} || ' ' || ${contacts.familyName})`,
      dueOn: keepInTouchDueOn,
    })
    .from(contacts)
    .where(
      and(
        inArray(
          contacts.userId,
          digests.map((a) => a.userId),
        ),
        isNull(contacts.trashedAt),
        isNotNull(contacts.keepInTouch),
      ),
    )
    .orderBy(keepInTouchDueOn, contacts.sortName);
  for (const row of rows) {
    if (row.dueOn === null || row.dueOn > weekEnd.get(row.userId)!) continue;
    const list = byUser.get(row.userId) ?? [];
    list.push({ contactId: row.contactId, contactName: row.contactName, dueOn: row.dueOn });
    byUser.set(row.userId, list);
  }
  return byUser;
}

/**
 * What a dispatch at `now` would send: for each due account, its per-date reminders or its
 * weekly digest. Reads only; `sendDueReminders` claims and sends. (`pnpm bench` times this
 * for 10,000 accounts of 1,000 contacts.)
 */
export async function prepareReminders(db: Database, now: Date): Promise<AccountPlan[]> {
  const accounts = await dueAccounts(db, now);
  const [found, keepInTouch] = await Promise.all([
    findOccasions(db, accounts),
    keepInTouchDue(db, accounts),
  ]);
  const occasionsByUser = new Map<string, { occasion: ReminderOccasion; leadDays: number }[]>();
  for (const { userId, leadDays, occasion } of found) {
    const list = occasionsByUser.get(userId) ?? [];
    list.push({ leadDays, occasion });
    occasionsByUser.set(userId, list);
  }
  return accounts.map((account) => {
    const found = occasionsByUser.get(account.userId) ?? [];
    if (account.delivery === 'each') return { account, reminders: found, digest: null };
    return {
      account,
      reminders: [],
      digest: {
        occasions: found.map((f) => f.occasion),
        keepInTouch: keepInTouch.get(account.userId) ?? [],
      },
    };
  });
}

/** What `sendDueReminders` needs of the server. */
export interface ReminderDependencies {
  db: Database;
  mailer: Mailer;
  keys: Pick<AuthKeys, 'reminderLinks'>;
  publicUrl: string;
}

/**
 * The one-click unsubscribe address for an account (RFC 8058), signed for the account's
 * current settings version, needing no sign-in; it expires when the settings are saved again.
 */
function unsubscribeUrl(
  deps: Pick<ReminderDependencies, 'keys' | 'publicUrl'>,
  userId: string,
  linkVersion: number,
) {
  const id = uuidTokenId(userId);
  const token = signToken(deps.keys.reminderLinks, 'unsubscribe', id, linkVersion);
  return `${deps.publicUrl}${UNSUBSCRIBE_PATH}/${token}`;
}

/**
 * Claims a delivery; true when this call made the claim, false when it was made before (the
 * mail went out, or is going out, elsewhere).
 */
async function claim(db: Database, userId: string, key: DeliveryKey): Promise<boolean> {
  const rows = await db
    .insert(reminderDeliveries)
    .values({ userId, ...key })
    .onConflictDoNothing()
    .returning({ userId: reminderDeliveries.userId });
  return rows.length === 1;
}

async function release(db: Database, userId: string, key: DeliveryKey): Promise<void> {
  await db
    .delete(reminderDeliveries)
    .where(
      and(
        eq(reminderDeliveries.userId, userId),
        key.contactId === null
          ? isNull(reminderDeliveries.contactId)
          : eq(reminderDeliveries.contactId, key.contactId),
        eq(reminderDeliveries.occasion, key.occasion),
        eq(reminderDeliveries.occursOn, key.occursOn),
        eq(reminderDeliveries.leadDays, key.leadDays),
      ),
    );
}

/**
 * Claims, then sends: a mail whose claim exists is never sent again, so a retried job or a
 * second instance sends nothing twice (at most once per contact, date and lead time). A mail
 * the mail server refuses gives its claim back, so the job's retry sends it.
 */
async function sendOnce(
  deps: ReminderDependencies,
  userId: string,
  key: DeliveryKey,
  mail: () => ReturnType<typeof reminderMail>,
): Promise<boolean> {
  if (!(await claim(deps.db, userId, key))) return false;
  try {
    await deps.mailer.send(mail());
    return true;
  } catch (error) {
    await release(deps.db, userId, key);
    throw error;
  }
}

/** The delivery's occasion key: `birthday`, `anniversary` or `date:<label>`. */
function occasionKey(occasion: ReminderOccasion): string {
  return occasion.kind === 'date' ? `date:${occasion.label}` : occasion.kind;
}

/**
 * The reminders job (every 15 minutes): prepares what is due at `now` and sends it, account
 * by account, marking each account done for its day once its mails are out.
 *
 * @throws the mail server's error for the first mail it refuses; accounts finished before
 * are marked done, and the job's retry carries on from there.
 */
export async function sendDueReminders(
  deps: ReminderDependencies,
  now: Date,
): Promise<{ accounts: number; mails: number }> {
  const plans = await prepareReminders(deps.db, now);
  let mails = 0;
  const done: { userId: string; today: string }[] = [];
  try {
    for (const { account, reminders, digest } of plans) {
      const recipient: ReminderRecipient = {
        email: account.email,
        name: account.name,
        locale: account.locale,
        publicUrl: deps.publicUrl,
        unsubscribeUrl: unsubscribeUrl(deps, account.userId, account.linkVersion),
      };
      for (const { occasion, leadDays } of reminders) {
        const key = {
          contactId: occasion.contactId,
          occasion: occasionKey(occasion),
          occursOn: occasion.occursOn,
          leadDays,
        };
        if (
          await sendOnce(deps, account.userId, key, () =>
            reminderMail(recipient, occasion, leadDays),
          )
        ) {
          mails += 1;
        }
      }
      if (digest && (digest.occasions.length || digest.keepInTouch.length)) {
        const key = { contactId: null, occasion: 'digest', occursOn: account.today, leadDays: 0 };
        const mail = () => digestMail(recipient, digest.occasions, digest.keepInTouch);
        if (await sendOnce(deps, account.userId, key, mail)) mails += 1;
      }
      done.push({ userId: account.userId, today: account.today });
    }
  } finally {
    await markPrepared(deps.db, done);
  }
  return { accounts: plans.length, mails };
}

/** Records each account's local date as done, in one statement. */
async function markPrepared(db: Database, done: { userId: string; today: string }[]) {
  if (done.length === 0) return;
  const rows = JSON.stringify(done.map((d) => ({ u: d.userId, d: d.today })));
  await db.execute(sql`update ${reminderSettings} s set prepared_on = t.d
    from jsonb_to_recordset(${rows}::jsonb) as t(u uuid, d date) where s.user_id = t.u`);
}
