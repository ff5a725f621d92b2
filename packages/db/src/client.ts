import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

/** The Drizzle database every query function takes first, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Closes the connections (postgres) or the embedded engine (PGlite). */
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** A PostgreSQL URL. When set, PostgreSQL is used through postgres.js. */
  databaseUrl?: string;
  /** PGlite's data folder when `databaseUrl` is unset; omitted means in memory (tests). */
  pgliteDir?: string;
  /** Connections in the postgres.js pool (default 10). */
  maxConnections?: number;
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Any number, the same in every instance: the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 727_100_001;

/**
 * Opens the database and applies every committed migration before returning (DESIGN.md
 * "Interface points": PGlite in `pgliteDir` when `databaseUrl` is unset, else PostgreSQL).
 * Safe when several instances start at once: PostgreSQL migrations run under an advisory lock.
 *
 * @throws when the database cannot be reached or a migration fails.
 */
export async function createDb(options: CreateDbOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 10);
  return openPglite(options.pgliteDir);
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/** How long opening a connection to PostgreSQL may take, in seconds. */
const CONNECT_TIMEOUT_S = 5;
/** The longest wait before trying to connect again after a failure, in seconds. */
const MAX_RECONNECT_DELAY_S = 1;

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  await migratePostgresLocked(url);
  const client = postgres(url, {
    max,
    onnotice: () => {},
    // A database that does not answer fails the request within seconds (503), not minutes.
    connect_timeout: CONNECT_TIMEOUT_S,
    // postgres.js waits longer after each failed connection (up to 20 s by default), which
    // held requests long after an outage ended; retry within a second instead.
    backoff: (retries: number) => Math.min(0.05 * retries, MAX_RECONNECT_DELAY_S),
  });
  const db = drizzlePostgres({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    close: () => client.end({ timeout: 5 }),
  };
}

async function migratePostgresLocked(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * Runs raw SQL and returns its rows, whichever driver is behind `db`: postgres.js answers
 * an array, PGlite an object with `rows`.
 */
export async function executeRows<Row extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}
