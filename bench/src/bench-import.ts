/**
 * `pnpm bench:import`: how long importing 10,000 contacts takes (the target: in seconds;
 * docs/performance.md), over HTTP as the web app does it: `POST /api/imports/preview` on the
 * whole file, then `imports.batch` 250 contacts at a time, one after another. Side by side with the floor
 * for the same rows: multi-row INSERTs of the same contacts straight into the table. Runs on
 * PGlite and (when `TEST_DATABASE_URL` or `BENCH_DATABASE_URL` names a server) PostgreSQL,
 * for a Google CSV and a vCard 4.0 file. Prints a table; writes bench/import-results.json.
 *
 * While each import runs, `/api/health` is asked one request after another (20 ms apart), as a
 * load balancer would, and its p50, p95 and max are reported: the server must stay responsive.
 * A file over the preview's 7 MB limit is previewed in parts of at most `PART_CONTACTS`
 * contacts, as the import page tells a person to split it.
 *
 * Settings: BENCH_IMPORT_CONTACTS (10000), BENCH_IMPORT_FILES (`csv,vcard`),
 * BENCH_IMPORT_DATABASES (`pglite,postgres`; PostgreSQL only with a URL).
 */
import { writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type as osType } from 'node:os';
import { faker } from '@faker-js/faker';
import Papa from 'papaparse';
import { openDatabase } from './databases';
import { signIn, startBenchApp } from './bench-app';
import { seedBook } from './seed';

const CONTACTS = Number(process.env.BENCH_IMPORT_CONTACTS ?? 10_000);
const BATCH = 250;
/** Contacts per previewed part: 15,000 faker contacts are 3.9 MB of CSV, 5.7 MB of vCard. */
const PART_CONTACTS = 15_000;
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

/** `POST /api/imports/preview`, the streamed route the web app sends a file to. */
async function postPreview(origin: string, cookie: string, content: string) {
  const res = await fetch(`${origin}/api/imports/preview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ content }),
  });
  if (!res.ok) throw new Error(`the preview answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { contacts: unknown[]; problems: unknown[] };
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

/** The file split into parts of at most `PART_CONTACTS` contacts (a CSV keeps its header). */
function parts(name: string, list: Person[]): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < list.length; i += PART_CONTACTS) {
    const chunk = list.slice(i, i + PART_CONTACTS);
    chunks.push(name === 'vcard' ? vcards(chunk) : googleCsv(chunk));
  }
  return chunks;
}

interface Row {
  database: string;
  file: string;
  bytes: number;
  previewMs: number;
  batchesMs: number;
  totalMs: number;
  floorMs: number;
  ratio: number;
  contactsPerSecond: number;
  /** Contacts per second of the batches alone (the writes, without the previews). */
  writtenPerSecond: number;
  /** CPU time of the bench's process over the import (previews included), in ms. */
  cpuMs: number;
  healthP50Ms: number;
  healthP95Ms: number;
  healthMaxMs: number;
  healthRequests: number;
}

async function benchDatabase(
  kind: 'pglite' | 'postgres',
  list: Person[],
  files: [string, string[]][],
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
    const { app, origin } = await startBenchApp(handle);
    const cookie = await signIn(origin, 'bench@example.com');
    for (const [name, contents] of files) {
      const bytes = contents.reduce((sum, content) => sum + Buffer.byteLength(content), 0);
      log(`${kind} ${name}: ${bytes} bytes in ${contents.length} part(s)`);
      const stopHealth = sampleHealth(origin);
      let previewMs = 0;
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const importId = crypto.randomUUID();
      let written = 0;
      for (const content of contents) {
        const partStarted = performance.now();
        const preview = await postPreview(origin, cookie, content);
        previewMs += performance.now() - partStarted;
        for (let i = 0; i < preview.contacts.length; i += BATCH) {
          const batchStarted = performance.now();
          await mutation(origin, cookie, 'imports.batch', {
            importId,
            create: preview.contacts.slice(i, i + BATCH),
          });
          written += Math.min(BATCH, preview.contacts.length - i);
          // Every 5,000 contacts, how long the last batch took: a growing figure is an import
          // that slows as the book grows.
          if (written % 5_000 === 0) {
            log(
              `${kind} ${name}: ${written} written, that batch ${Math.round(performance.now() - batchStarted)} ms`,
            );
          }
        }
      }
      const finished = performance.now();
      const health = await stopHealth();
      const batchesMs = finished - started - previewMs;
      // CPU time of this process's threads (the server, PGlite's worker, this client), which
      // other work on the machine stretches less than the wall clock.
      const cpu = process.cpuUsage(cpuStarted);
      const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
      log(
        `${kind} ${name}: imported, batches ${Math.round(batchesMs)} ms (${Math.round(CONTACTS / (batchesMs / 1000))} contacts/s), process CPU ${cpuMs} ms with the previews; /api/health p50 ${percentile(health, 0.5)} ms, p95 ${percentile(health, 0.95)} ms, max ${percentile(health, 1)} ms`,
      );
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
      // The next file starts from an empty book; after the last one the database goes whole.
      if (name !== files.at(-1)![0]) {
        await run('delete from contacts where user_id = $1', [book.userId]);
        await run('delete from labels where user_id = $1', [book.userId]);
      }

      const row: Row = {
        database: kind,
        file: name,
        bytes,
        previewMs: Math.round(previewMs),
        batchesMs: Math.round(batchesMs),
        totalMs: Math.round(finished - started),
        floorMs: Math.round(floorMs),
        ratio: Number(((finished - started) / floorMs).toFixed(1)),
        contactsPerSecond: Math.round(CONTACTS / ((finished - started) / 1000)),
        writtenPerSecond: Math.round(CONTACTS / (batchesMs / 1000)),
        cpuMs,
        healthP50Ms: percentile(health, 0.5),
        healthP95Ms: percentile(health, 0.95),
        healthMaxMs: percentile(health, 1),
        healthRequests: health.length,
      };
      log(
        `${kind} ${name}: preview ${row.previewMs} ms, batches ${row.batchesMs} ms, total ${row.totalMs} ms (floor ${row.floorMs} ms); /api/health p50 ${row.healthP50Ms} ms, p95 ${row.healthP95Ms} ms, max ${row.healthMaxMs} ms (${row.healthRequests} requests)`,
      );
      rows.push(row);
    }
    await app.close();
  } finally {
    await drop();
  }
  return rows;
}

const list = people();
const files: [string, string[]][] = [
  ...(FILES.includes('csv') ? [['Google CSV', parts('csv', list)] as [string, string[]]] : []),
  ...(FILES.includes('vcard') ? [['vCard 4.0', parts('vcard', list)] as [string, string[]]] : []),
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
