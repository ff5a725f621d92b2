/**
 * `pnpm bench`: the API's speed at 100,000 contacts, measured over HTTP with autocannon, side
 * by side with the floor for the same work, on PGlite and (when `TEST_DATABASE_URL` or
 * `BENCH_DATABASE_URL` names a server) on PostgreSQL. Prints a table and writes
 * bench/results.json. Not part of `pnpm test`.
 *
 * Settings: BENCH_CONTACTS (100000), BENCH_DURATION seconds per measurement (10),
 * BENCH_CONNECTIONS (10), BENCH_ONLY (a pattern: only the calls whose name matches it, e.g.
 * `search`, to compare two versions of one call quickly), BENCH_DATABASES (`pglite,postgres`:
 * the ones to run, PostgreSQL only with a server named).
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem, type as osType, release } from 'node:os';
import autocannon from 'autocannon';
import { openDatabase } from './databases';
import { startFloor } from './floor';
import { signIn, startBenchApp } from './bench-app';
import { benchDuplicates, type DuplicatesRow } from './bench-duplicates';
import { seedBook } from './seed';
import { benchDav, davTable, type DavRow } from './bench-dav';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '');
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Measurement {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}
interface Row {
  database: string;
  scenario: string;
  ours: Measurement;
  floor: Measurement;
  ratioP50: number;
  /**
   * Floor req/s over ours: at concurrency 1 the time per call, which autocannon's whole-ms
   * percentiles cannot show for sub-millisecond calls.
   */
  ratioThroughput: number;
}

const log = (line: string) => console.log(`[bench] ${line}`);

async function measure(options: autocannon.Options): Promise<Measurement> {
  await autocannon({ ...options, duration: 2, connections: CONNECTIONS }); // warm-up
  const result = await autocannon({ ...options, duration: DURATION_S, connections: CONNECTIONS });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

async function benchDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ rows: Row[]; version: string; duplicates: DuplicatesRow[]; dav: DavRow[] }> {
  log(`${kind}: seeding ${CONTACTS} contacts`);
  const { handle, run, drop } = await openDatabase(kind);
  const book = await seedBook(
    handle.db,
    { mainContacts: CONTACTS, otherAccounts: 20, otherContacts: 1_000 },
    log,
  );
  // As autovacuum would have by the time anyone reads the book: counts read the index alone.
  await run('vacuum analyze', []);
  const [{ version } = { version: '' }] = (await run('select version()', [])) as {
    version: string;
  }[];

  const { app, origin: ours, keys } = await startBenchApp(handle);
  const cookie = await signIn(ours, book.email);
  const floor = await startFloor(run, book.userId);
  const floorUrl = `http://127.0.0.1:${(floor.server.address() as { port: number }).port}`;

  const trpcGet = (path: string, input: unknown) =>
    `${ours}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const newContact = JSON.stringify({
    givenName: 'Bench',
    familyName: 'Created',
    phones: [{ value: '+1 555 0100', type: '' }],
  });
  const scenarios: { name: string; ours: autocannon.Options; floor: autocannon.Options }[] = [
    ...[
      ['search, 3 letters', 'mar'],
      ['search, 5 letters', 'ander'],
      ['search, phone digits', book.phoneDigits],
    ].map(([name, q]) => ({
      name: name!,
      ours: { url: trpcGet('search.contacts', { query: q }), headers: { cookie } },
      floor: { url: `${floorUrl}/search?q=${encodeURIComponent(q!)}` },
    })),
    {
      name: 'contacts.byId',
      ours: { url: trpcGet('contacts.byId', { id: book.sampleContactId }), headers: { cookie } },
      floor: { url: `${floorUrl}/contacts/${book.sampleContactId}` },
    },
    {
      name: 'list, first page (100)',
      ours: {
        url: trpcGet('contacts.listItems', { offset: 0, limit: 100, sort: 'first_name' }),
        headers: { cookie },
      },
      floor: { url: `${floorUrl}/list-items` },
    },
    {
      name: 'list, first page (100), whole contacts',
      ours: { url: trpcGet('contacts.list', { limit: 100 }), headers: { cookie } },
      floor: { url: `${floorUrl}/contacts` },
    },
    {
      name: 'create',
      ours: {
        url: `${ours}/api/trpc/contacts.create`,
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ json: JSON.parse(newContact) }),
      },
      floor: {
        url: `${floorUrl}/contacts`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: newContact,
      },
    },
  ];

  const rows: Row[] = [];
  for (const scenario of scenarios.filter((s) => ONLY.test(s.name))) {
    const oursResult = await measure(scenario.ours);
    const floorResult = await measure(scenario.floor);
    const row = {
      database: kind,
      scenario: scenario.name,
      ours: oursResult,
      floor: floorResult,
      ratioP50: Math.round((oursResult.p50 / Math.max(floorResult.p50, 1)) * 100) / 100,
      ratioThroughput: Math.round((floorResult.rps / Math.max(oursResult.rps, 1)) * 100) / 100,
    };
    rows.push(row);
    log(`${kind} ${scenario.name}: ${JSON.stringify(row)}`);
  }
  const duplicates = await benchDuplicates(kind, handle, ours);
  log(`${kind} duplicates: ${JSON.stringify(duplicates)}`);
  // CardDAV: a phone's syncs of a 1,000- and a 10,000-card book beside this one.
  const dav: DavRow[] = [];
  if (ONLY.test('carddav')) {
    for (const cards of [1_000, 10_000])
      dav.push(await benchDav(kind, handle, ours, run, cards, keys));
    log(`${kind} carddav: ${JSON.stringify(dav)}`);
  }
  await floor.close();
  await app.close();
  await drop();
  return { rows, version, duplicates, dav };
}

function printTable(rows: Row[]): void {
  const cell = (m: Measurement) =>
    `${m.p50} / ${m.p99} ms, ${m.rps}/s${m.errors ? `, ${m.errors} errors` : ''}`;
  const lines = [
    '| database | call | ours p50 / p99, req/s | floor p50 / p99, req/s | ours / floor (p50) | floor / ours (req/s) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.scenario} | ${cell(r.ours)} | ${cell(r.floor)} | ${r.ratioP50} | ${r.ratioThroughput} |`,
    ),
  ];
  console.log(lines.join('\n'));
}

const results: Row[] = [];
const duplicateScans: DuplicatesRow[] = [];
const davRows: DavRow[] = [];
const versions: Record<string, string> = {};
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
for (const kind of ['pglite', ...(adminUrl ? ['postgres' as const] : [])] as const) {
  if (!DATABASES.includes(kind)) continue;
  const { rows, version, duplicates, dav } = await benchDatabase(kind);
  results.push(...rows);
  duplicateScans.push(...duplicates);
  davRows.push(...dav);
  versions[kind] = version;
}
printTable(results);
console.log(
  [
    '',
    '| database | book | duplicate scan (median of 3) | groups |',
    '| --- | --- | --- | --- |',
    ...duplicateScans.map(
      (r) => `| ${r.database} | ${r.contacts} contacts | ${r.ms} ms | ${r.groups} |`,
    ),
  ].join('\n'),
);
if (davRows.length) console.log(`\n${davTable(davRows)}`);
const resultsFile = new URL('../results.json', import.meta.url);
writeFileSync(
  resultsFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        cpu: cpus()[0]?.model,
        cores: cpus().length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        os: `${osType()} ${release()}`,
      },
      node: process.version,
      databases: versions,
      contacts: CONTACTS,
      durationS: DURATION_S,
      connections: CONNECTIONS,
      results,
      duplicates: duplicateScans,
      carddav: davRows,
    },
    null,
    2,
  )}\n`,
);
log(`written to ${resultsFile.pathname}`);
process.exit(0);
