/**
 * `pnpm bench:search`: how search cost grows with the table, not the account
 * (docs/decisions/0013-search-indexes-lead-with-the-account.md). On
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): a 1,000-contact and a 100,000-contact
 * account, measured when other accounts fill the table to 0.3 M rows and again at 2 M rows,
 * with the per-account indexes of migration 0010 and, for comparison in the same run, with
 * the table-wide trigram indexes they replaced. Each figure is `searchContacts` called in
 * process at concurrency 1: p50 and p99 over BENCH_SEARCH_ROUNDS (200) calls per query.
 * Prints a table and writes bench/search-results.json. Not part of `pnpm test`.
 *
 * BENCH_SEARCH_COMPARE=1 measures instead the search of a faker book of each size in
 * BENCH_SEARCH_ACCOUNTS (default `10000,100000`) at each concurrency in
 * BENCH_SEARCH_CONCURRENCY (default `1,10`), against the three-step search it replaced
 * (`searchThreeSteps` in search-three-steps.ts: a round trip per step), alternating before and
 * after BENCH_SEARCH_ALTERNATIONS (2) times; BENCH_SEARCH_ROUNDS calls per measure (default
 * 100), shared by the concurrent callers; the queries are BENCH_SEARCH_QUERIES (`label:text`
 * or `text`, comma-separated) or `mar`, `mail`, `arti`, `ina`, `5550` and `zzqx`. On PostgreSQL
 * unless BENCH_SEARCH_PGLITE_DIR names a PGlite data folder (made on the first run).
 * BENCH_SEARCH_DATABASE_URL names a migrated database to use and keep instead of a new one:
 * its (or the folder's) `compare-<size>@example.com` accounts are seeded once and measured
 * again on the next run. Each row notes the load average when it was measured. Writes
 * bench/search-compare-results.json.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { searchContacts } from '@kith/api';
import { createDb, schema, type Database } from '@kith/db';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from './databases';
import { searchThreeSteps } from './search-three-steps';
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

/** The compare mode's queries: `label:text` pairs in BENCH_SEARCH_QUERIES, else these. */
const COMPARE_QUERIES: (readonly [string, string])[] = process.env.BENCH_SEARCH_QUERIES
  ? process.env.BENCH_SEARCH_QUERIES.split(',').map((pair) => {
      const [label, text] = pair.includes(':') ? pair.split(':') : [pair, pair];
      return [label!, text!] as const;
    })
  : [
      ['3-letter prefix', 'mar'],
      ['in half the book', 'mail'],
      ['mid-word', 'arti'],
      // 1.4% of a 100,000-contact book, none among its first 1,000 names: the walk cannot
      // take it, so its 1,442 matches are ranked, the most a search of three letters ranks.
      ['mid-word, beyond the walk', 'ina'],
      ['phone digits', '5550'],
      ['no match', 'zzqx'],
    ];

/** p50 and p99 in ms of `calls` calls of `search` made by `concurrency` callers at once. */
async function measureAt(search: () => Promise<unknown>, calls: number, concurrency: number) {
  for (let i = 0; i < 10; i++) await search();
  const times: number[] = [];
  let left = calls;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const started = performance.now();
        await search();
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
}

/** BENCH_SEARCH_COMPARE=1: this search against `searchThreeSteps`, alternating, per book size. */
async function compare() {
  const sizes = (process.env.BENCH_SEARCH_ACCOUNTS ?? '10000,100000').split(',').map(Number);
  const levels = (process.env.BENCH_SEARCH_CONCURRENCY ?? '1,10').split(',').map(Number);
  const alternations = Number(process.env.BENCH_SEARCH_ALTERNATIONS ?? 2);
  const calls = Number(process.env.BENCH_SEARCH_ROUNDS ?? 100);
  const kept = process.env.BENCH_SEARCH_DATABASE_URL;
  const pgliteDir = process.env.BENCH_SEARCH_PGLITE_DIR;
  const { handle, drop } =
    kept || pgliteDir
      ? await createDb(kept ? { databaseUrl: kept } : { pgliteDir }).then((h) => ({
          handle: h,
          drop: () => h.close(),
        }))
      : await openDatabase('postgres');
  log(`engine ${handle.kind}`);
  const db = handle.db;
  const deps = { db, images: { urlFor: () => '' } } as never;
  const rows: Record<string, unknown>[] = [];
  try {
    for (const size of sizes) {
      const started = Date.now();
      const email = `compare-${size}@example.com`;
      const [seeded] = await db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.email, email));
      const userId = seeded?.id ?? (await seedAccount(db, email, size));
      await db.execute(sql`analyze ${schema.contacts}`);
      log(`${seeded ? 'found' : 'seeded'} ${size} contacts in ${Date.now() - started} ms`);
      for (const [query, text] of COMPARE_QUERIES) {
        const [{ count } = { count: 0 }] = (await db.execute(
          sql`select count(*)::int as count from ${schema.contacts}
              where user_id = ${userId} and trashed_at is null
              and (search_text like kith_fold(${`%${text}%`}) or phone_digits like ${`%${text}%`})`,
        )) as unknown as { count: number }[];
        for (const concurrency of levels) {
          const runs = { before: [] as number[][], after: [] as number[][] };
          for (let a = 0; a < alternations; a++) {
            const before = await measureAt(
              () => searchThreeSteps(db, userId, text),
              calls,
              concurrency,
            );
            const after = await measureAt(
              () => searchContacts(deps, userId, text),
              calls,
              concurrency,
            );
            runs.before.push([before.p50, before.p99]);
            runs.after.push([after.p50, after.p99]);
          }
          const median = (xs: number[]) =>
            [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
          const row = {
            engine: handle.kind,
            load: loadavg()
              .map((l) => l.toFixed(1))
              .join(' '),
            size,
            query: `${query} (${text}, ${count} matches)`,
            concurrency,
            before: runs.before.map(([p50, p99]) => `${p50} / ${p99}`).join(', '),
            after: runs.after.map(([p50, p99]) => `${p50} / ${p99}`).join(', '),
            p50Ratio: (
              median(runs.before.map((r) => r[0]!)) / median(runs.after.map((r) => r[0]!))
            ).toFixed(1),
            p99Ratio: (
              median(runs.before.map((r) => r[1]!)) / median(runs.after.map((r) => r[1]!))
            ).toFixed(1),
          };
          rows.push(row);
          log(JSON.stringify(row));
        }
      }
    }
  } finally {
    await drop();
  }
  console.log(
    '\n| engine | load | contacts | query | callers | before p50 / p99 (ms) | after p50 / p99 (ms) | before / after (p50, p99) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.engine} | ${r.load} | ${r.size} | ${r.query} | ${r.concurrency} | ${r.before} | ${r.after} | ${r.p50Ratio}x, ${r.p99Ratio}x |`,
    );
  }
  writeFileSync(
    new URL('../search-compare-results.json', import.meta.url),
    JSON.stringify({ machine: `${cpus().length} x ${cpus()[0]?.model}`, rows }, null, 2),
  );
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

await (process.env.BENCH_SEARCH_COMPARE === '1' ? compare() : main());
