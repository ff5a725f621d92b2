import { executeRows, schema, type Database } from '@kith/db';
import type { InterfaceLocale } from '@kith/validators';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AuthKeys } from '../auth/keys';
import type { Mailer } from '../mail/mailer';
import { keepInTouchDueOn } from './keep-in-touch.service';
import { addDays, localTime } from './local-time';
import {
  digestMail,
  reminderMail,
  type KeepInTouchDue,
  type ReminderOccasion,
  type ReminderRecipient,
} from './reminder-mail';
import { signToken, uuidTokenId } from './signed-tokens';

const { reminderSettings, reminderDeliveries, users, contacts } = schema;

/** An account whose reminders are due now, on its own `today`. */
interface DueAccount {
  userId: string;
  email: string;
  name: string;
  locale: InterfaceLocale | null;
  delivery: 'each' | 'weekly_digest';
  today: string;
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
      delivery: reminderSettings.delivery,
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
    const local = localTime(now, row.timeZone);
    if (local.minute < row.sendMinute) continue;
    if (row.preparedOn !== null && row.preparedOn >= local.date) continue;
    if (row.delivery === 'weekly_digest' && local.weekday !== 1) continue;
    due.push({ ...row, today: local.date });
  }
  return due;
}

interface FoundRow extends Record<string, unknown> {
  user_id: string;
  lead_days: number;
  contact_id: string;
  contact_name: string;
  kind: 'birthday' | 'anniversary' | 'date';
  label: string;
  occurs_on: string;
  year: number | null;
}

/**
 * Every date the due accounts are reminded of now, in one statement: the accounts' target
 * days (today plus each lead time; the next seven days for a digest), then each day's
 * birthdays and dates across all accounts through their indexes (a 29 February one also on
 * a 28 February of a year without one), kept where the account wants that kind of date.
 * Trashed contacts never remind.
 */
async function findOccasions(db: Database, accounts: DueAccount[]): Promise<FoundRow[]> {
  if (accounts.length === 0) return [];
  const due = JSON.stringify(accounts.map((a) => ({ u: a.userId, d: a.today })));
  return executeRows<FoundRow>(
    db,
    sql`with due as materialized (
      select t.u as user_id, t.d as today, s.delivery, s.birthdays, s.anniversaries,
             s.other_dates, s.lead_days
      from jsonb_to_recordset(${due}::jsonb) as t(u uuid, d date)
      join ${reminderSettings} s on s.user_id = t.u
    ), targets as materialized (
      select due.user_id, l.lead_days, (due.today + l.lead_days) as on_date, due.birthdays,
             due.anniversaries, due.other_dates
      from due cross join lateral (
        select unnest(due.lead_days)::int as lead_days where due.delivery = 'each'
        union all
        select generate_series(0, 6) where due.delivery = 'weekly_digest'
      ) as l
    ), days as materialized (
      select distinct on_date from targets
    ), month_days as materialized (
      select on_date, extract(month from on_date)::int as month, extract(day from on_date)::int as day
      from days
      union all
      select on_date, 2, 29 from days
      where extract(month from on_date) = 2 and extract(day from on_date) = 28
        and extract(day from make_date(extract(year from on_date)::int, 3, 1) - 1) = 28
    ), found as materialized (
      select c.user_id, c.id as contact_id, trim(c.given_name || ' ' || c.family_name) as contact_name,
             'birthday' as kind, '' as label, c.birthday_year::int as year, md.on_date
      from month_days md
      join ${contacts} c on c.birthday_month = md.month and c.birthday_day = md.day
        and c.trashed_at is null and c.birthday_month is not null
      union all
      select c.user_id, c.id, trim(c.given_name || ' ' || c.family_name),
             case when e->>'type' = 'anniversary' then 'anniversary' else 'date' end,
             e->>'type', (e->>'year')::int, md.on_date
      from month_days md
      join ${contacts} c on c.dates @> jsonb_build_array(jsonb_build_object('month', md.month, 'day', md.day))
        and c.trashed_at is null and c.dates <> '[]'::jsonb
      cross join lateral jsonb_array_elements(c.dates) as e
      where (e->>'month')::int = md.month and (e->>'day')::int = md.day
    )
    select t.user_id, t.lead_days, f.contact_id, f.contact_name, f.kind, f.label,
           t.on_date::text as occurs_on, f.year
    from found f
    join targets t on t.user_id = f.user_id and t.on_date = f.on_date
    where (f.kind = 'birthday' and t.birthdays) or (f.kind = 'anniversary' and t.anniversaries)
       or (f.kind = 'date' and t.other_dates)
    order by t.user_id, t.on_date, f.contact_name, f.contact_id, f.kind <> 'birthday', f.kind, f.label`,
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
  for (const row of found) {
    const list = occasionsByUser.get(row.user_id) ?? [];
    list.push({
      leadDays: row.lead_days,
      occasion: {
        contactId: row.contact_id,
        contactName: row.contact_name,
        kind: row.kind,
        label: row.label,
        occursOn: row.occurs_on,
        year: row.year,
      },
    });
    occasionsByUser.set(row.user_id, list);
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

/** The one-click unsubscribe address for an account (RFC 8058), signed, needing no sign-in. */
export function unsubscribeUrl(
  deps: Pick<ReminderDependencies, 'keys' | 'publicUrl'>,
  userId: string,
) {
  const token = signToken(deps.keys.reminderLinks, 'unsubscribe', uuidTokenId(userId));
  return `${deps.publicUrl}/api/reminders/unsubscribe/${token}`;
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
        unsubscribeUrl: unsubscribeUrl(deps, account.userId),
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
