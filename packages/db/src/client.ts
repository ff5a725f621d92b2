import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  /**
   * PostgreSQL only: LISTENs on `channel` on a connection of its own (PostgreSQL's
   * LISTEN/NOTIFY) and calls `onMessage` with each payload; `onSubscribed` runs on every
   * (re)connection, when notifications sent meanwhile may have been missed. Absent on PGlite,
   * which serves one connection and one instance.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onSubscribed: () => void,
  ): Promise<{ unlisten(): Promise<void> }>;
  /**
   * Runs SQL text as the `pg` driver's `query` would, answering `{ rows }`: with `values`, one
   * statement with `$1`-style parameters (objects sent as JSON); without, one or several
   * statements in PostgreSQL's simple protocol (the rows of the last). It is the `db` pg-boss
   * is given, so the job queue shares this handle's connections: on PGlite, one session, a
   * second pool's transactions would interleave with the app's.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * PGlite only: writes the whole data directory to `path` as an uncompressed tarball
   * (PGlite's `dumpDataDir`), which `CreateDbOptions.pgliteTemplate` opens again.
   */
  dumpDataDir?(path: string): Promise<void>;
  /** Closes the connections, and for PGlite its worker and socket. */
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** A PostgreSQL URL. When set, PostgreSQL is used through postgres.js. */
  databaseUrl?: string;
  /** PGlite's data folder when `databaseUrl` is unset; omitted means in memory (tests). */
  pgliteDir?: string;
  /**
   * PGlite only: the path of a data-directory tarball (`DatabaseHandle.dumpDataDir`) to start
   * from instead of an empty cluster. Creating a cluster costs PGlite about 2.5 s of CPU;
   * opening a migrated copy about 0.5 s, so the tests start every database from one.
   */
  pgliteTemplate?: string;
  /** Connections in the postgres.js pool (default 10). */
  maxConnections?: number;
  /**
   * The migrations to apply; the committed ones by default. A migration's test passes a copy
   * that stops before it, to fill a database of the older shape.
   */
  migrationsFolder?: string;
}

/** The committed migrations, applied by `createDb`. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/** Any number, the same in every instance: the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 727_100_001;

/**
 * The longest any one statement may run, in ms, before the database cancels it (no request
 * may stall the server for others: docs/decisions/0005-pglite-in-a-worker-thread.md). Migrations run without it.
 */
export const STATEMENT_TIMEOUT_MS = 15_000;

/**
 * Opens the database and applies every committed migration before returning: PGlite in
 * `pgliteDir` when `databaseUrl` is unset, else PostgreSQL (README, Configuration:
 * `DATABASE_URL`).
 * Both are reached through postgres.js: PGlite runs in a worker thread of its own and serves
 * the PostgreSQL protocol on a private Unix socket, so its queries never run on the thread
 * that answers requests. Safe when several instances start at once: PostgreSQL migrations
 * run under an advisory lock.
 *
 * @throws when the database cannot be reached or a migration fails.
 */
export async function createDb(options: CreateDbOptions = {}): Promise<DatabaseHandle> {
  const folder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.maxConnections ?? 10, folder);
  }
  return openPglite(options.pgliteDir, options.pgliteTemplate, folder);
}

/**
 * Starts PGlite in its worker (`pglite-server.mjs`) on a socket in a fresh 0700 folder, so
 * no other user of the machine can connect, and opens one connection to it: PGlite serves
 * one session, as it always did in-process, so queries queue in postgres.js.
 */
async function openPglite(
  dataDir: string | undefined,
  template: string | undefined,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const socketDir = mkdtempSync(join(tmpdir(), 'kith-pglite-'));
  const socketPath = join(socketDir, '.s.PGSQL.5432');
  const worker = new Worker(new URL('./pglite-server.mjs', import.meta.url), {
    workerData: { dataDir, loadDataDir: template, socketPath },
  });
  const started = await new Promise<{ ready?: true; error?: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (started.error) throw new Error(`PGlite did not start: ${started.error}`);
  // Should the engine fail later, queries fail as connection errors (503) and this says why.
  worker.on('error', (error) => console.error('The embedded database stopped:', error));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  const client = postgres({
    ...clientOptions(1),
    path: socketPath,
    username: 'postgres',
    database: 'postgres',
  });
  const db = drizzlePostgres({ client, schema });
  await migratePostgres(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    executeSql: sqlTextRunner(client),
    async dumpDataDir(path) {
      const answered = new Promise<{ dumped?: true; error?: string }>((resolve) =>
        worker.once('message', resolve),
      );
      worker.postMessage({ dump: path });
      const answer = await answered;
      if (answer.error) throw new Error(`PGlite could not dump its data: ${answer.error}`);
    },
    async close() {
      await client.end({ timeout: 5 });
      const stopped = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      // A worker that already died never answers; its exit ends the wait instead.
      await Promise.race([stopped, exited]);
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** How long opening a connection to PostgreSQL may take, in seconds. */
const CONNECT_TIMEOUT_S = 5;
/** The longest wait before trying to connect again after a failure, in seconds. */
const MAX_RECONNECT_DELAY_S = 1;

function clientOptions(max: number) {
  return {
    max,
    onnotice: () => {},
    // A database that does not answer fails the request within seconds (503), not minutes.
    connect_timeout: CONNECT_TIMEOUT_S,
    // postgres.js waits longer after each failed connection (up to 20 s by default), which
    // held requests long after an outage ended; retry within a second instead.
    backoff: (retries: number) => Math.min(0.05 * retries, MAX_RECONNECT_DELAY_S),
    connection: { statement_timeout: STATEMENT_TIMEOUT_MS },
  };
}

async function openPostgres(
  url: string,
  max: number,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  await migratePostgresLocked(url, migrationsFolder);
  const client = postgres(url, clientOptions(max));
  const db = drizzlePostgres({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    executeSql: sqlTextRunner(client),
    listen: async (channel, onMessage, onSubscribed) => {
      const { unlisten } = await client.listen(channel, onMessage, onSubscribed);
      return { unlisten };
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function migratePostgresLocked(url: string, migrationsFolder: string): Promise<void> {
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
 * `DatabaseHandle.executeSql` over a postgres.js client. Parameters are converted as `pg`
 * converts them (pg-boss is written for `pg`): a plain object or array of objects becomes JSON
 * text; dates, strings, numbers and arrays of scalars go as they are.
 */
function sqlTextRunner(client: postgres.Sql): DatabaseHandle['executeSql'] {
  return async (text, values) => {
    if (!values || values.length === 0) {
      // pg-boss sends transactions as one text (`BEGIN; ...; COMMIT`): they need a connection
      // of their own for the while, which postgres.js insists on (UNSAFE_TRANSACTION).
      const connection = await client.reserve();
      let result: unknown[];
      try {
        result = (await connection.unsafe(text).simple()) as unknown[];
      } finally {
        connection.release();
      }
      // Several statements answer one result per statement; pg-boss reads the last one's.
      const last = Array.isArray(result[0]) ? result[result.length - 1] : result;
      return { rows: [...(last as Record<string, unknown>[])] };
    }
    const rows = await client.unsafe(
      text,
      values.map(asPgParameter) as postgres.ParameterOrJSON<never>[],
    );
    return { rows: [...rows] };
  };
}

function asPgParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || value instanceof Date || Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) {
    return value.some((v) => v !== null && typeof v === 'object') ? JSON.stringify(value) : value;
  }
  return typeof value === 'object' ? JSON.stringify(value) : value;
}

/** Runs raw SQL and returns its rows. */
export async function executeRows<Row extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<Row[]> {
  return (await db.execute(query)) as unknown as Row[];
}
