/**
 * `pnpm bench:import`: how long importing 10,000 contacts takes (the target: in seconds;
 * docs/performance.md), over HTTP as the web app does it: the whole file uploaded
 * (`POST /api/imports/upload`), previewed (`imports.previewFile`), started (`imports.start`)
 * and followed (`imports.status`, every 250 ms) until the import job, on the job queue in
 * this process, has written it. Side by side with the floor for the same rows: multi-row
 * INSERTs of the same contacts straight into the table. Runs on PGlite and (when
 * `TEST_DATABASE_URL` or `BENCH_DATABASE_URL` names a server) PostgreSQL, for a Google CSV and
 * a vCard 4.0 file. Prints a table; writes bench/import-results.json.
 *
 * While each import runs, `/api/health` is asked one request after another (20 ms apart), as a
 * load balancer would, and its p50, p95 and max are reported: the server must stay responsive;
 * and the process's RSS is sampled every 100 ms (the server runs in this process: its peak, and
 * its rise over the RSS before the upload, which already holds the file the bench made).
 *
 * Settings: BENCH_IMPORT_CONTACTS (10000), BENCH_IMPORT_FILES (`csv,vcard`),
 * BENCH_IMPORT_DATABASES (`pglite,postgres`; PostgreSQL only with a URL).
 */
import { writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type as osType } from 'node:os';
import { faker } from '@faker-js/faker';
import Papa from 'papaparse';
import { backgroundJobs, startJobQueue } from '@kith/api';
import { openDatabase } from './databases';
import { signIn, startBenchApp } from './bench-app';
import { seedBook } from './seed';

const CONTACTS = Number(process.env.BENCH_IMPORT_CONTACTS ?? 10_000);
const BATCH = 250;
const FILES = (process.env.BENCH_IMPORT_FILES ?? 'csv,vcard').split(',');
const DATABASES = (process.env.BENCH_IMPORT_DATABASES ?? 'pglite,postgres').split(',');
/** Pause between two health requests, in ms. */
const HEALTH_GAP_MS = 20;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const log = (line: string) => console.log(`[bench:import] ${line}`);

interface Person {
  given: string;
  family: string;
  email: string;
  phone: string;
  org: string;
  title: string;
  street: string;
  city: string;
  code: string;
  country: string;
  birthday: string;
  label: string;
  note: string;
}

function people(): Person[] {
  faker.seed(20261123);
  const labels = ['Family', 'Friends', 'Work', 'Book club', 'Neighbours'];
  return Array.from({ length: CONTACTS }, () => {
    const given = faker.person.firstName();
    const family = faker.person.lastName();
    return {
      given,
      family,
      email: faker.internet.email({ firstName: given, lastName: family }).toLowerCase(),
      phone: faker.phone.number({ style: 'international' }),
      org: faker.company.name(),
      title: faker.person.jobTitle(),
      street: faker.location.streetAddress(),
      city: faker.location.city(),
      code: faker.location.zipCode(),
      country: faker.location.country(),
      birthday: faker.date.birthdate().toISOString().slice(0, 10),
      label: faker.helpers.arrayElement(labels),
      note: faker.lorem.sentence(),
    };
  });
}

/** The people as Google Contacts writes them (2024 headers). */
function googleCsv(list: Person[]): string {
  return Papa.unparse(
    list.map((p) => ({
      'First Name': p.given,
      'Last Name': p.family,
      Birthday: p.birthday,
      Notes: p.note,
      Labels: `${p.label} ::: * myContacts`,
      'E-mail 1 - Label': '* Home',
      'E-mail 1 - Value': p.email,
      'Phone 1 - Label': 'Mobile',
      'Phone 1 - Value': p.phone,
      'Address 1 - Label': 'Home',
      'Address 1 - Street': p.street,
      'Address 1 - City': p.city,
      'Address 1 - Postal Code': p.code,
      'Address 1 - Country': p.country,
      'Organization Name': p.org,
      'Organization Title': p.title,
    })),
  );
}

/** The people as vCard 4.0 cards (RFC 6350). */
function vcards(list: Person[]): string {
  const esc = (s: string) => s.replace(/[\\,;]/g, (c) => `\\${c}`);
  return list
    .map((p) =>
      [
        'BEGIN:VCARD',
        'VERSION:4.0',
        `FN:${esc(p.given)} ${esc(p.family)}`,
        `N:${esc(p.family)};${esc(p.given)};;;`,
        `EMAIL;TYPE=home:${p.email}`,
        `TEL;VALUE=text;TYPE=cell:${p.phone}`,
        `ORG:${esc(p.org)}`,
        `TITLE:${esc(p.title)}`,
        `ADR;TYPE=home:;;${esc(p.street)};${esc(p.city)};;${esc(p.code)};${esc(p.country)}`,
        `BDAY:${p.birthday.replace(/-/g, '')}`,
        `CATEGORIES:${esc(p.label)}`,
        `NOTE:${esc(p.note)}`,
        'END:VCARD',
      ].join('\r\n'),
    )
    .join('\r\n');
}

/** Calls a tRPC mutation over HTTP with superjson's wire shape. */
async function mutation<T>(origin: string, cookie: string, path: string, input: unknown) {
  const res = await fetch(`${origin}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ json: input }),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** `POST /api/imports/upload`, where the web app sends a file whole; answers its import's id. */
async function upload(origin: string, cookie: string, content: string, name: string) {
  const res = await fetch(`${origin}/api/imports/upload?name=${name}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain; charset=utf-8', cookie },
    body: content,
  });
  if (res.status !== 201) throw new Error(`the upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { importId: string }).importId;
}

/** Calls a tRPC query over HTTP. */
async function query<T>(origin: string, cookie: string, path: string, input: unknown) {
  const search = encodeURIComponent(JSON.stringify({ json: input }));
  const res = await fetch(`${origin}/api/trpc/${path}?input=${search}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** The process's RSS sampled every 100 ms until `stop`, which answers the peak in bytes. */
function sampleRss(): () => number {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

/**
 * Asks `/api/health` one request after another until `stop` is called; `stop` answers the
 * latencies in ms, sorted.
 */
function sampleHealth(origin: string): () => Promise<number[]> {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/health`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/api/health answered ${res.status}`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_GAP_MS));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return latencies.sort((a, b) => a - b);
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!)
    : 0;

interface Row {
  database: string;
  file: string;
  bytes: number;
  /** Upload and preview. */
  previewMs: number;
  /** The import job: start to done. */
  jobMs: number;
  totalMs: number;
  floorMs: number;
  ratio: number;
  contactsPerSecond: number;
  /** Contacts per second of the job alone (its writes, without the upload and preview). */
  writtenPerSecond: number;
  /** CPU time of the bench's process over the import (previews included), in ms. */
  cpuMs: number;
  healthP50Ms: number;
  healthP95Ms: number;
  healthMaxMs: number;
  healthRequests: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

async function benchDatabase(
  kind: 'pglite' | 'postgres',
  list: Person[],
  files: [string, string][],
) {
  const rows: Row[] = [];
  const { handle, run, drop } = await openDatabase(kind);
  try {
    const book = await seedBook(
      handle.db,
      // One other account with one contact: the seed needs a sample contact to exist.
      { mainContacts: 0, otherAccounts: 1, otherContacts: 1 },
      log,
    );
    const { app, origin, deps } = await startBenchApp(handle);
    const queue = await startJobQueue({
      database: handle,
      jobs: backgroundJobs(deps, () => {}).filter((job) => job.name === 'import'),
      onError: (error) => log(`job failed: ${String(error)}`),
      schedule: false,
    });
    deps.jobs = queue;
    const cookie = await signIn(origin, 'bench@example.com');
    for (const [name, content] of files) {
      const bytes = Buffer.byteLength(content);
      log(`${kind} ${name}: ${bytes} bytes`);
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      const stopRss = sampleRss();
      const stopHealth = sampleHealth(origin);
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const importId = await upload(
        origin,
        cookie,
        content,
        name === 'vCard 4.0' ? 'b.vcf' : 'b.csv',
      );
      await mutation(origin, cookie, 'imports.previewFile', { importId });
      const previewed = performance.now();
      await mutation(origin, cookie, 'imports.start', { importId });
      let lastLog = performance.now();
      for (;;) {
        const now = await query<{ status: string; done: number }>(
          origin,
          cookie,
          'imports.status',
          { importId },
        );
        if (now.status === 'done') break;
        // Where a long run is, for a run stopped before its end.
        if (performance.now() - lastLog > 15_000) {
          lastLog = performance.now();
          const seconds = (lastLog - previewed) / 1000;
          const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
          log(
            `${kind} ${name}: ${now.done} written in ${Math.round(seconds)} s of the job (${Math.round(now.done / seconds)}/s), upload and preview ${Math.round(previewed - started)} ms, RSS ${rss} MiB`,
          );
        }
        if (now.status !== 'queued' && now.status !== 'running')
          throw new Error(`import ${now.status}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const finished = performance.now();
      const health = await stopHealth();
      const rssPeak = stopRss();
      const previewMs = previewed - started;
      // CPU time of this process's threads (the server, PGlite's worker, this client), which
      // other work on the machine stretches less than the wall clock.
      const cpu = process.cpuUsage(cpuStarted);
      const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
      const [{ count } = { count: 0 }] = (await run(
        'select count(*)::int as count from contacts where user_id = $1 and import_id = $2',
        [book.userId, importId],
      )) as { count: number }[];
      if (count !== CONTACTS) throw new Error(`${name}: ${count} of ${CONTACTS} imported`);

      // The floor: the same rows inserted straight into the table, 500 per statement.
      const floorStart = performance.now();
      for (let i = 0; i < list.length; i += 500) {
        const chunk = list.slice(i, i + 500);
        const params: unknown[] = [];
        const values = chunk.map((p) => {
          const base = params.length;
          params.push(
            book.userId,
            p.given,
            p.family,
            JSON.stringify([{ value: p.email, type: 'home' }]),
            JSON.stringify([{ value: p.phone, type: 'cell' }]),
            p.org,
            p.title,
          );
          return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}::jsonb, $${base + 5}::jsonb, $${base + 6}, $${base + 7})`;
        });
        await run(
          `insert into contacts (user_id, given_name, family_name, emails, phones, org, title) values ${values.join(', ')}`,
          params,
        );
      }
      const floorMs = performance.now() - floorStart;

      const row: Row = {
        database: kind,
        file: name,
        bytes,
        previewMs: Math.round(previewMs),
        jobMs: Math.round(finished - previewed),
        totalMs: Math.round(finished - started),
        floorMs: Math.round(floorMs),
        ratio: Number(((finished - started) / floorMs).toFixed(1)),
        contactsPerSecond: Math.round(CONTACTS / ((finished - started) / 1000)),
        writtenPerSecond: Math.round(CONTACTS / ((finished - previewed) / 1000)),
        cpuMs,
        healthP50Ms: percentile(health, 0.5),
        healthP95Ms: percentile(health, 0.95),
        healthMaxMs: percentile(health, 1),
        healthRequests: health.length,
        rssBeforeMiB: Math.round(rssBefore / 2 ** 20),
        rssPeakMiB: Math.round(rssPeak / 2 ** 20),
      };
      log(
        `${kind} ${name}: upload and preview ${row.previewMs} ms, job ${row.jobMs} ms (${row.writtenPerSecond} contacts/s), total ${row.totalMs} ms (floor ${row.floorMs} ms), process CPU ${row.cpuMs} ms; /api/health p50 ${row.healthP50Ms} ms, p95 ${row.healthP95Ms} ms, max ${row.healthMaxMs} ms (${row.healthRequests} requests); RSS ${row.rssBeforeMiB} -> peak ${row.rssPeakMiB} MiB`,
      );
      rows.push(row);
      // Said before the clean-up, which takes minutes for 50,000 contacts (each deletion runs the
      // history's and CardDAV's triggers); after the last file the database goes whole.
      if (name !== files.at(-1)![0]) {
        await run('delete from contacts where user_id = $1', [book.userId]);
        await run('delete from labels where user_id = $1', [book.userId]);
      }
    }
    await queue.stop();
    await app.close();
  } finally {
    await drop();
  }
  return rows;
}

const list = people();
const files: [string, string][] = [
  ...(FILES.includes('csv') ? [['Google CSV', googleCsv(list)] as [string, string]] : []),
  ...(FILES.includes('vcard') ? [['vCard 4.0', vcards(list)] as [string, string]] : []),
];
const rows: Row[] = [];
const kinds = (['pglite', 'postgres'] as const).filter(
  (kind) => DATABASES.includes(kind) && (kind === 'pglite' || adminUrl),
);
for (const kind of kinds) {
  rows.push(...(await benchDatabase(kind, list, files)));
}
console.table(rows);
writeFileSync(
  new URL('../import-results.json', import.meta.url),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      contacts: CONTACTS,
      batch: BATCH,
      machine: {
        os: `${osType()} ${release()}`,
        cpus: cpus().length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
      },
      rows,
    },
    null,
    2,
  ) + '\n',
);
