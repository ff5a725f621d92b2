/**
 * `pnpm bench:dav`: the CardDAV measurements of `pnpm bench` alone (see bench-dav.ts), for a
 * 1,000- and a 10,000-card book, on PGlite and (with `TEST_DATABASE_URL` or
 * `BENCH_DATABASE_URL`) PostgreSQL; then, at each size, a book a phone uploaded
 * (bench-dav-upload.ts) on Kith and, when `radicale` is on PATH, on Radicale, with the same
 * requests. Sizes run one after another, each server in turn at a size (Kith A, Radicale A,
 * Kith B, Radicale B), so a slower moment of the machine falls on both. Prints the tables;
 * writes bench/dav-results.json.
 *
 * Settings: BENCH_DAV_SIZES (1000,10000); BENCH_DAV_UPLOADED=0 skips the uploaded books (Kith's
 * and Radicale's); BENCH_DAV_RADICALE=0 skips Radicale; BENCH_DAV_OUT names the JSON file;
 * BENCH_DAV_PROFILE names a folder for CPU profiles of each first sync and no-change sync.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type as osType } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './databases';
import { startBenchApp } from './bench-app';
import { benchDav, davTable, kithAccount, type DavRow } from './bench-dav';
import { benchUploadedBook, uploadedBookTable, type UploadedBookRow } from './bench-dav-upload';
import { radicaleVersion, startRadicale } from './radicale';

const SIZES = (process.env.BENCH_DAV_SIZES ?? '1000,10000').split(',').map(Number);
const UPLOADED = process.env.BENCH_DAV_UPLOADED !== '0';
const PROFILE_DIR = process.env.BENCH_DAV_PROFILE || undefined;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const benchDir = fileURLToPath(new URL('..', import.meta.url));

const radicale = UPLOADED && process.env.BENCH_DAV_RADICALE !== '0' ? radicaleVersion() : null;
const radicaleNote = radicale
  ? `Radicale ${radicale}`
  : UPLOADED && process.env.BENCH_DAV_RADICALE !== '0'
    ? 'Radicale skipped: `radicale` is not on PATH (apt-get install -y radicale)'
    : 'Radicale skipped (BENCH_DAV_RADICALE=0 or BENCH_DAV_UPLOADED=0)';
console.log(`[bench:dav] ${radicaleNote}`);

const kinds = ['pglite', ...(adminUrl ? ['postgres' as const] : [])] as const;
const servers = [];
for (const kind of kinds) {
  const { handle, run, drop } = await openDatabase(kind);
  const { app, origin, keys } = await startBenchApp(handle);
  servers.push({ kind, handle, run, drop, app, origin, keys });
}

const rows: DavRow[] = [];
const uploadedBooks: UploadedBookRow[] = [];
for (const size of SIZES) {
  for (const { kind, handle, run, origin, keys } of servers) {
    const row = await benchDav(kind, handle, origin, run, size, keys, PROFILE_DIR);
    console.log(`[bench:dav] ${JSON.stringify(row)}`);
    rows.push(row);
    if (UPLOADED) {
      const email = `dav-upload-${size}-${Date.now()}@example.com`;
      const { book } = await kithAccount(handle, origin, keys, email, 0);
      const uploaded = await benchUploadedBook(`kith ${kind}`, book, size);
      console.log(`[bench:dav] ${JSON.stringify(uploaded)}`);
      uploadedBooks.push(uploaded);
    }
  }
  if (radicale) {
    const server = await startRadicale(radicale);
    try {
      const book = await server.makeBook('contacts');
      const uploaded = await benchUploadedBook(`radicale ${radicale}`, book, size);
      console.log(`[bench:dav] ${JSON.stringify(uploaded)}`);
      uploadedBooks.push(uploaded);
    } finally {
      await server.stop();
    }
  }
}
for (const { app, drop } of servers) {
  await app.close();
  await drop();
}

console.log(davTable(rows));
if (uploadedBooks.length) console.log(`\n${uploadedBookTable(uploadedBooks)}`);
console.log(`\n${radicaleNote}`);
const machine = {
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  os: `${osType()} ${release()}`,
};
let commit: string | null = null;
try {
  commit = execFileSync('git', ['-C', benchDir, 'rev-parse', '--short', 'HEAD'], {
    encoding: 'utf8',
    stdio: 'pipe',
  }).trim();
} catch {
  // not a git checkout
}
console.log(`machine: ${JSON.stringify(machine)}, node ${process.version}, commit ${commit}`);
writeFileSync(
  process.env.BENCH_DAV_OUT ?? new URL('../dav-results.json', import.meta.url),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine,
      node: process.version,
      commit,
      radicale,
      rows,
      uploadedBooks,
    },
    null,
    2,
  )}\n`,
);
process.exit(0);
