/**
 * `pnpm bench:search`: how search cost grows with the table, not the account
 * (docs/decisions/0013-search-indexes-lead-with-the-account.md). On
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): a 1,000-contact and a 100,000-contact
 * account, measured when other accounts fill the table to 0.3 M rows and again at 2 M rows,
 * with the per-account indexes of migration 0010 and, for comparison in the same run, with
 * the table-wide trigram indexes they replaced. Each figure is `searchContacts` called in
 * process at concurrency 1: p50 and p99 over BENCH_SEARCH_ROUNDS (200) calls per query.
 * Prints a table and writes bench/search-results.json. Not part of `pnpm test`.
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { searchContacts } from '@kith/api';
import { schema, type Database } from '@kith/db';
import { sql } from 'drizzle-orm';
import { openDatabase } from './databases';
import { seedAccount } from './seed';

const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 200);
const SIZES = [300_000, 2_000_000];
const log = (line: string) => console.log(`[bench:search] ${line}`);

/** Common names, so the filler shares trigrams with the queries as real books do. */
const GIVEN =
  `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie`.split(
    ' ',
  );
const FAMILY =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts`.split(
    ' ',
  );

const QUERIES = [
  ['1 letter', 'a'],
  ['2 letters', 'ma'],
  ['3 letters', 'mar'],
  ['5 letters', 'ander'],
  ['phone digits', '5550'],
] as const;

interface Figure {
  size: number;
  indexes: 'per-account' | 'table-wide';
  account: string;
  query: string;
  p50: number;
  p99: number;
}

/** Other accounts' contacts up to `total` rows, 10,000 per account, written by SQL. */
async function fillTo(db: Database, total: number) {
  const [{ count } = { count: 0 }] = (await db.execute(
    sql`select count(*)::int as count from ${schema.contacts}`,
  )) as unknown as { count: number }[];
  const missing = total - count;
  if (missing <= 0) return;
  const accounts = Math.ceil(missing / 10_000);
  const started = Date.now();
  const given = sql.raw(`array[${GIVEN.map((n) => `'${n}'`).join(',')}]`);
  const family = sql.raw(`array[${FAMILY.map((n) => `'${n}'`).join(',')}]`);
  for (let a = 0; a < accounts; a++) {
    const [user] = await db
      .insert(schema.users)
      .values({ name: 'Filler', email: `filler-${total}-${a}@example.com`, passwordHash: 'x' })
      .returning();
    const rows = Math.min(10_000, missing - a * 10_000);
    await db.execute(sql`
      insert into ${schema.contacts} (user_id, given_name, family_name, emails, phones)
      select ${user!.id}, (${given})[1 + (n * 7 + ${a}) % ${GIVEN.length}],
             (${family})[1 + (n * 13 + ${a}) % ${FAMILY.length}],
             jsonb_build_array(jsonb_build_object('type', '', 'value',
               lower((${given})[1 + (n * 7 + ${a}) % ${GIVEN.length}]) || '.' || n || '@example.com')),
             jsonb_build_array(jsonb_build_object('type', '', 'value',
               '+1 555 ' || lpad(((n * 7919 + ${a}) % 10000000)::text, 7, '0')))
      from generate_series(1, ${rows}) as n`);
  }
  await db.execute(sql`analyze ${schema.contacts}`);
  log(`filled the table to ${total} rows in ${Date.now() - started} ms`);
}

async function useIndexes(db: Database, kind: Figure['indexes']) {
  const started = Date.now();
  if (kind === 'table-wide') {
    await db.execute(sql`drop index if exists contacts_user_search_text_trgm_idx`);
    await db.execute(sql`drop index if exists contacts_user_phone_digits_trgm_idx`);
    await db.execute(
      sql`create index if not exists contacts_search_text_trgm_idx on contacts using gin (search_text gin_trgm_ops)`,
    );
    await db.execute(
      sql`create index if not exists contacts_phone_digits_trgm_idx on contacts using gin (phone_digits gin_trgm_ops)`,
    );
  } else {
    await db.execute(sql`drop index if exists contacts_search_text_trgm_idx`);
    await db.execute(sql`drop index if exists contacts_phone_digits_trgm_idx`);
    await db.execute(
      sql`create index if not exists contacts_user_search_text_trgm_idx on contacts using gin (user_id, search_text gin_trgm_ops) where trashed_at is null`,
    );
    await db.execute(
      sql`create index if not exists contacts_user_phone_digits_trgm_idx on contacts using gin (user_id, phone_digits gin_trgm_ops) where trashed_at is null`,
    );
  }
  await db.execute(sql`analyze ${schema.contacts}`);
  log(`${kind} indexes ready in ${Date.now() - started} ms`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function measure(db: Database, userId: string, query: string) {
  const deps = { db, images: { urlFor: () => '' } } as never;
  for (let i = 0; i < 20; i++) await searchContacts(deps, userId, query);
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await searchContacts(deps, userId, query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
}

async function main() {
  const { handle, drop } = await openDatabase('postgres');
  const db = handle.db;
  const figures: Figure[] = [];
  try {
    log('seeding a 1,000- and a 100,000-contact account');
    const accounts = {
      '1,000 contacts': await seedAccount(db, 'small@example.com', 1_000),
      '100,000 contacts': await seedAccount(db, 'large@example.com', 100_000),
    };
    for (const size of SIZES) {
      await fillTo(db, size);
      for (const indexes of ['per-account', 'table-wide'] as const) {
        await useIndexes(db, indexes);
        for (const [account, userId] of Object.entries(accounts)) {
          for (const [query, text] of QUERIES) {
            const { p50, p99 } = await measure(db, userId, text);
            figures.push({ size, indexes, account, query, p50, p99 });
            log(`${size} rows, ${indexes}, ${account}, ${query}: p50 ${p50} ms, p99 ${p99} ms`);
          }
        }
      }
    }
  } finally {
    await drop();
  }

  const machine = `${cpus().length} x ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
  console.log(`\nSearch at concurrency 1 on PostgreSQL (${machine}), ms p50 / p99`);
  console.log('| account | query | indexes | 0.3 M rows | 2 M rows | growth (p50) |');
  console.log('|---|---|---|---|---|---|');
  for (const f of figures.filter((f) => f.size === SIZES[0])) {
    const big = figures.find(
      (g) =>
        g.size === SIZES[1] &&
        g.indexes === f.indexes &&
        g.account === f.account &&
        g.query === f.query,
    )!;
    console.log(
      `| ${f.account} | ${f.query} | ${f.indexes} | ${f.p50} / ${f.p99} | ${big.p50} / ${big.p99} | ${(big.p50 / f.p50).toFixed(2)}x |`,
    );
  }
  writeFileSync(
    new URL('../search-results.json', import.meta.url),
    JSON.stringify({ machine, figures }, null, 2),
  );
}

await main();
