/**
 * `pnpm bench:reminders` (also the last part of `pnpm bench`): how long preparing one day's
 * reminders takes (docs/performance.md), on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL).
 * The same database grows through BENCH_REMINDER_ACCOUNTS (default "1000,10000") accounts of 1,000
 * contacts each (BENCH_REMINDER_CONTACTS): birthdays spread over the year, one contact in ten with
 * an anniversary, every account with reminders on at every lead time (0, 1, 3, 7 and 14 days), one
 * in ten on the weekly digest, time zones from UTC-8 to UTC+9. At each size, `prepareReminders`
 * (which accounts are due, and each one's dates, in one statement) runs three times at a Monday
 * noon UTC when every account is due; the median is reported with the cost per account, so linear
 * growth shows as a flat per-account figure.
 * Writes bench/reminders-results.json. Not part of `pnpm test`.
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { prepareReminders } from '@kith/api';
import { schema, type Database } from '@kith/db';
import { sql } from 'drizzle-orm';
import { openDatabase } from './databases';

const SIZES = (process.env.BENCH_REMINDER_ACCOUNTS ?? '1000,10000')
  .split(',')
  .filter(Boolean)
  .map(Number);
const CONTACTS = Number(process.env.BENCH_REMINDER_CONTACTS ?? 1_000);
/** Accounts written per statement while seeding (each statement within the 15 s timeout). */
const BATCH = 20;
const ZONES = ['UTC', 'Europe/Madrid', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo'];
/** A Monday, noon UTC: every zone above is past midnight and before its next day's end. */
const NOW = new Date('2027-03-01T12:00:00Z');
const log = (line: string) => console.log(`[bench:reminders] ${line}`);

async function countAccounts(db: Database): Promise<number> {
  const [row] = (await db.execute(
    sql`select count(*)::int as count from ${schema.reminderSettings}`,
  )) as unknown as { count: number }[];
  return row?.count ?? 0;
}

/**
 * Makes the throwaway database quick to fill: the reminders read neither the search indexes
 * (trigram GIN, slow to grow) nor the CardDAV revision the trigger keeps, so the indexes are
 * dropped and the trigger is off while rows go in. With them, 10 million rows took over an
 * hour; the indexes the reminders do read (month-day, dates) stay.
 */
async function makeSeedingCheap(db: Database) {
  const indexes = (await db.execute(sql`select indexname from pg_indexes
    where tablename = 'contacts' and indexdef like '%gin_trgm_ops%'`)) as unknown as {
    indexname: string;
  }[];
  for (const { indexname } of indexes) await db.execute(sql.raw(`drop index "${indexname}"`));
  await db.execute(sql`alter table ${schema.contacts} disable trigger contacts_revision`);
}

/** Adds accounts (with their contacts and settings) until there are `total`. */
async function growTo(db: Database, total: number) {
  const started = Date.now();
  const zones = sql.raw(`array[${ZONES.map((z) => `'${z}'`).join(',')}]`);
  for (let from = await countAccounts(db); from < total; from += BATCH) {
    const to = Math.min(total, from + BATCH);
    await db.execute(sql`
      with made as (
        insert into ${schema.users} (name, email, password_hash, email_verified_at)
        select 'Bench ' || i, 'reminders-' || i || '@example.com', 'x', now()
        from generate_series(${from}::int, ${to - 1}::int) as i
        returning id, (regexp_replace(email, '\\D', '', 'g'))::int as i
      ), settings as (
        insert into ${schema.reminderSettings}
          (user_id, enabled, other_dates, lead_days, send_minute, time_zone, delivery)
        select id, true, true, '{0,1,3,7,14}', 0, (${zones})[1 + i % ${ZONES.length}],
               (case when i % 10 = 0 then 'weekly_digest' else 'each' end)::reminder_delivery
        from made
      )
      insert into ${schema.contacts}
        (user_id, given_name, family_name, birthday_day, birthday_month, birthday_year, dates,
         uid, dav_name)
      select made.id, 'Person' || n, 'Bench' || made.i, 1 + (n * 13 + made.i) % 28,
             1 + (n * 7 + made.i) % 12, 1950 + n % 60,
             case when n % 10 = 0 then jsonb_build_array(jsonb_build_object('type', 'anniversary',
               'day', 1 + (n * 11 + made.i) % 28, 'month', 1 + (n * 5 + made.i) % 12, 'year', 2000))
             else '[]'::jsonb end,
             -- What the trigger, off while seeding, would have set.
             'urn:uuid:bench-' || made.i || '-' || n, 'bench-' || made.i || '-' || n || '.vcf'
      from made cross join generate_series(1, ${CONTACTS}::int) as n`);
    if (to % 1000 === 0) log(`  ${to} accounts (${Date.now() - started} ms)`);
  }
  await db.execute(sql`vacuum analyze ${schema.contacts}`);
  await db.execute(sql`vacuum analyze ${schema.reminderSettings}`);
  log(`grew to ${total} accounts of ${CONTACTS} contacts in ${Date.now() - started} ms`);
}

interface Figure {
  accounts: number;
  contacts: number;
  dueAccounts: number;
  mails: number;
  ms: number;
  msPerThousandAccounts: number;
}

async function measure(db: Database, accounts: number): Promise<Figure> {
  const times: number[] = [];
  let plans: Awaited<ReturnType<typeof prepareReminders>> = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    plans = await prepareReminders(db, NOW);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = Math.round(times[1]!);
  const mails = plans.reduce((sum, p) => sum + p.reminders.length + (p.digest ? 1 : 0), 0);
  return {
    accounts,
    contacts: accounts * CONTACTS,
    dueAccounts: plans.length,
    mails,
    ms,
    msPerThousandAccounts: Math.round((ms / accounts) * 1000 * 10) / 10,
  };
}

async function main() {
  const { handle, drop } = await openDatabase('postgres');
  const figures: Figure[] = [];
  try {
    await makeSeedingCheap(handle.db);
    for (const size of SIZES) {
      await growTo(handle.db, size);
      const figure = await measure(handle.db, size);
      figures.push(figure);
      log(JSON.stringify(figure));
    }
  } finally {
    await drop();
  }
  const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ${cpus()[0]?.model ?? ''}`;
  console.log(`\nPreparing one day's reminders on PostgreSQL (${machine}), median of 3`);
  console.log('| accounts | contacts | accounts due | mails planned | time | per 1,000 accounts |');
  console.log('|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(
      `| ${f.accounts.toLocaleString('en')} | ${f.contacts.toLocaleString('en')} | ${f.dueAccounts.toLocaleString('en')} | ${f.mails.toLocaleString('en')} | ${f.ms} ms | ${f.msPerThousandAccounts} ms |`,
    );
  }
  writeFileSync(
    new URL('../reminders-results.json', import.meta.url),
    JSON.stringify({ machine, now: NOW, figures }, null, 2),
  );
}

await main();
