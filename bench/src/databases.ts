/** The databases the benchmarks run on: PGlite in memory, or a fresh PostgreSQL database. */
import { randomBytes } from 'node:crypto';
import { createDb, type DatabaseHandle } from '@kith/db';
import postgres from 'postgres';
import type { RunSql } from './floor';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * A migrated database of `kind`, a way to run SQL on it directly (the floor), and `drop` to
 * remove it. PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin connection).
 */
export async function openDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const handle = await createDb();
    // The postgres.js client under Drizzle, connected to PGlite's socket, queried directly
    // as the floor.
    const client = (handle.db as unknown as { $client: postgres.Sql }).$client;
    const run: RunSql = (text, params) => client.unsafe(text, params as never[]) as never;
    return { handle, run, drop: () => handle.close() };
  }
  const name = `kith_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const handle: DatabaseHandle = await createDb({ databaseUrl: url.toString() });
  const direct = postgres(url.toString(), { max: 10, onnotice: () => {} });
  const run: RunSql = (text, params) => direct.unsafe(text, params as never[]) as never;
  return {
    handle,
    run,
    drop: async () => {
      await direct.end();
      await handle.close();
      await admin.unsafe(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}
