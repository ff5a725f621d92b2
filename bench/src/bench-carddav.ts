/**
 * `pnpm bench:dav`: the CardDAV measurements of `pnpm bench` alone (see bench-dav.ts), for a
 * 1,000- and a 10,000-card book, on PGlite and (with `TEST_DATABASE_URL` or
 * `BENCH_DATABASE_URL`) PostgreSQL. Prints a table; writes bench/dav-results.json.
 *
 * Settings: BENCH_DAV_SIZES (1000,10000).
 */
import { writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type as osType } from 'node:os';
import { openDatabase } from './databases';
import { startBenchApp } from './bench-app';
import { benchDav, davTable, type DavRow } from './bench-dav';

const SIZES = (process.env.BENCH_DAV_SIZES ?? '1000,10000').split(',').map(Number);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const rows: DavRow[] = [];
for (const kind of ['pglite', ...(adminUrl ? ['postgres' as const] : [])] as const) {
  const { handle, run, drop } = await openDatabase(kind);
  const { app, origin, keys } = await startBenchApp(handle);
  for (const size of SIZES) {
    const row = await benchDav(kind, handle, origin, run, size, keys);
    console.log(`[bench:dav] ${JSON.stringify(row)}`);
    rows.push(row);
  }
  await app.close();
  await drop();
}
console.log(davTable(rows));
const machine = {
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  os: `${osType()} ${release()}`,
};
console.log(`machine: ${JSON.stringify(machine)}, node ${process.version}`);
writeFileSync(
  new URL('../dav-results.json', import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), machine, node: process.version, rows }, null, 2)}\n`,
);
process.exit(0);
