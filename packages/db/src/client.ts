import { fork, type ChildProcess, type Serializable } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

/** The Drizzle database every query function takes first, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * How `databaseUrl` reaches PostgreSQL (docs/deployment.md#behind-pgbouncer). `session`: each
 * client connection keeps one server session (PostgreSQL itself, or a pooler in session mode).
 * `transaction`: a pooler such as PgBouncer in transaction mode gives each transaction whichever
 * server connection is free, so nothing may outlive a transaction on the server: named prepared
 * statements, session settings, LISTEN and session advisory locks.
 */
export type PoolMode = 'session' | 'transaction';

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
  /** How `databaseUrl` reaches PostgreSQL; `session` by default. */
  poolMode?: PoolMode;
  /**
   * With `poolMode: 'transaction'`: a URL straight to PostgreSQL (or to a session-mode pooler),
   * used for the migrations' advisory lock and for LISTEN. Without it, migrations run in one
   * transaction under a transaction-scoped lock and `listen` is absent (so the session cache is
   * off and every call asks the database, as on PGlite).
   */
  directUrl?: string;
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
    return openPostgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      migrationsFolder: folder,
      poolMode: options.poolMode ?? 'session',
      directUrl: options.directUrl,
    });
  }
  return openPglite(options.pgliteDir, options.pgliteTemplate, folder);
}

/**
 * The database could not be opened for a reason the operator can act on (the embedded
 * database's folder held by another process, say): the message says what to do, and a
 * program prints it alone, without a stack trace.
 */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

/**
 * Opens the embedded database: PGlite in its worker thread (`pglite-server.mjs`), migrated.
 * Creating a cluster (initdb) and applying migrations are done first in a child process that
 * then exits, and only then does the worker thread open the finished folder: PGlite's
 * WebAssembly memory only grows and what its thread allocated stays with the process, so the
 * thread that created the cluster kept 400-500 MB resident for the life of the server, and
 * one that only opens the folder holds a fraction of it (docs/performance.md#memory). The
 * child costs about a second, on a first start or an upgrade only. A database in memory
 * (tests) is made and migrated in the thread itself, which holds its only copy; a template
 * is opened in the thread, and migrated apart when it predates a migration.
 */
async function openPglite(
  dataDir: string | undefined,
  template: string | undefined,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // A template (`pnpm restore`) is written into the folder by the first open below.
    if (!template && !existsSync(join(dataDir, 'PG_VERSION'))) {
      await migrateApart(dataDir, migrationsFolder);
    }
  }
  let engine = await startPgliteEngine('thread', dataDir, template);
  try {
    if (dataDir && (await pendingMigrations(engine.client, migrationsFolder))) {
      await engine.close();
      await migrateApart(dataDir, migrationsFolder);
      engine = await startPgliteEngine('thread', dataDir, undefined);
    }
    // Nothing left to do on a folder migrated apart; all of it in memory or on a template.
    await migratePostgres(drizzlePostgres({ client: engine.client }), { migrationsFolder });
  } catch (error) {
    await engine.close().catch(() => {});
    throw error;
  }
  const { host, client } = engine;
  const db = drizzlePostgres({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    executeSql: sqlTextRunner(client),
    async dumpDataDir(path) {
      const answered = new Promise<{ dumped?: true; error?: string }>((resolve) =>
        host.once('message', resolve),
      );
      host.send({ dump: path });
      const answer = await answered;
      if (answer.error) throw new Error(`PGlite could not dump its data: ${answer.error}`);
    },
    close: engine.close,
  };
}

/** Creates or migrates the cluster in `dataDir` in a child process, which exits after. */
async function migrateApart(dataDir: string, migrationsFolder: string): Promise<void> {
  const engine = await startPgliteEngine('process', dataDir, undefined);
  try {
    await migratePostgres(drizzlePostgres({ client: engine.client }), { migrationsFolder });
  } finally {
    await engine.close();
  }
}

/** Whether `migrationsFolder` holds more migrations than the database has applied. */
async function pendingMigrations(client: postgres.Sql, migrationsFolder: string) {
  return readMigrationFiles({ migrationsFolder }).length > (await appliedMigrations(client));
}

/** The thread or process PGlite runs in, as `startPgliteEngine` talks to it. */
interface EngineHost {
  send(message: unknown): void;
  once(event: 'message', listener: (message: any) => void): void; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Ends it at once, when it did not stop on 'stop'. */
  kill(): Promise<void>;
}

/** One PGlite engine and the one connection to it: `startPgliteEngine`. */
interface PgliteEngine {
  host: EngineHost;
  client: postgres.Sql;
  /** Ends the connection, stops the engine (PGlite's shutdown checkpoint) and its host. */
  close(): Promise<void>;
}

/**
 * Starts PGlite in a worker thread or a child process (`where`), on a socket in a fresh 0700
 * folder, so no other user of the machine can connect, and opens one connection to it: PGlite
 * serves one session, as it always did in-process, so queries queue in postgres.js.
 *
 * @throws DatabaseStartError when the engine does not start (the folder in use, say).
 */
async function startPgliteEngine(
  where: 'thread' | 'process',
  dataDir: string | undefined,
  template: string | undefined,
): Promise<PgliteEngine> {
  const socketDir = mkdtempSync(join(tmpdir(), 'kith-pglite-'));
  const socketPath = join(socketDir, '.s.PGSQL.5432');
  const workerData = { dataDir, loadDataDir: template, socketPath };
  const script = new URL('./pglite-server.mjs', import.meta.url);
  let host: EngineHost;
  let events: Worker | ChildProcess;
  if (where === 'thread') {
    const worker = new Worker(script, { workerData });
    events = worker;
    host = {
      send: (message) => worker.postMessage(message),
      once: (event, listener) => worker.once(event, listener),
      kill: async () => void (await worker.terminate()),
    };
  } else {
    // No inherited flags: a test runner's loader has nothing to do in plain JavaScript.
    const child = fork(fileURLToPath(script), [JSON.stringify(workerData)], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    events = child;
    host = {
      send: (message) => child.send(message as Serializable),
      once: (event, listener) => child.once(event, listener),
      kill: async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const gone = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await gone;
        }
      },
    };
  }
  const started = await new Promise<{ ready?: true; error?: string }>((resolve, reject) => {
    events.once('message', resolve);
    events.once('error', reject);
  });
  if (started.error) {
    await host.kill();
    rmSync(socketDir, { recursive: true, force: true });
    throw new DatabaseStartError(`PGlite did not start: ${started.error}`);
  }
  // Should the engine fail later, queries fail as connection errors (503) and this says why.
  events.on('error', (error) => console.error('The embedded database stopped:', error));
  const exited = new Promise<void>((resolve) => events.once('exit', () => resolve()));

  const client = postgres({
    ...clientOptions(1),
    path: socketPath,
    username: 'postgres',
    database: 'postgres',
  });
  return {
    host,
    client,
    async close() {
      await client.end({ timeout: 5 });
      const stopped = new Promise((resolve) => host.once('message', resolve));
      host.send('stop');
      // An engine that already died never answers; its exit ends the wait instead.
      await Promise.race([stopped, exited]);
      await host.kill();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/** How many migrations Drizzle has recorded as applied (0 before its table exists). */
async function appliedMigrations(client: postgres.Sql): Promise<number> {
  const [table] = await client<{ present: boolean }[]>`
    select to_regclass('drizzle.__drizzle_migrations') is not null as present`;
  if (!table?.present) return 0;
  const [row] = await client<{ count: number }[]>`
    select count(*)::int as count from drizzle.__drizzle_migrations`;
  return row?.count ?? 0;
}

/** How long opening a connection to PostgreSQL may take, in seconds. */
const CONNECT_TIMEOUT_S = 5;
/** The longest wait before trying to connect again after a failure, in seconds. */
const MAX_RECONNECT_DELAY_S = 1;

/**
 * The postgres.js options of Kith's pools. Through a transaction pooler, statements are sent
 * unnamed (`prepare: false`: a named statement lives in one server session, which the next
 * transaction may not get) and no startup parameter is sent besides the ones PgBouncer tracks,
 * so the statement timeout is left to the database role (docs/deployment.md#behind-pgbouncer).
 */
function clientOptions(max: number, poolMode: PoolMode = 'session') {
  const pooled = poolMode === 'transaction';
  return {
    max,
    onnotice: () => {},
    // A database that does not answer fails the request within seconds (503), not minutes.
    connect_timeout: CONNECT_TIMEOUT_S,
    // postgres.js waits longer after each failed connection (up to 20 s by default), which
    // held requests long after an outage ended; retry within a second instead.
    backoff: (retries: number) => Math.min(0.05 * retries, MAX_RECONNECT_DELAY_S),
    prepare: !pooled,
    // PgBouncer refuses a connection whose startup packet names a parameter it does not track.
    connection: pooled ? {} : { statement_timeout: STATEMENT_TIMEOUT_MS },
  };
}

interface PostgresOptions {
  max: number;
  migrationsFolder: string;
  poolMode: PoolMode;
  directUrl?: string;
}

async function openPostgres(url: string, options: PostgresOptions): Promise<DatabaseHandle> {
  const pooled = options.poolMode === 'transaction';
  if (pooled && !options.directUrl) {
    await migrateInOneTransaction(url, options.migrationsFolder);
  } else {
    await migratePostgresLocked(options.directUrl ?? url, options.migrationsFolder);
  }
  const client = postgres(url, clientOptions(options.max, options.poolMode));
  if (pooled) await warnWithoutStatementTimeout(client);
  const db = drizzlePostgres({ client, schema });
  // LISTEN needs a session that stays its own: through a transaction pooler the notifications
  // would go to whichever client next borrows the server connection, and be lost.
  const listener = !pooled
    ? client
    : options.directUrl
      ? postgres(options.directUrl, clientOptions(1))
      : null;
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    executeSql: sqlTextRunner(client),
    listen: listener
      ? async (channel, onMessage, onSubscribed) => {
          const { unlisten } = await listener.listen(channel, onMessage, onSubscribed);
          return { unlisten };
        }
      : undefined,
    async close() {
      await client.end({ timeout: 5 });
      if (listener && listener !== client) await listener.end({ timeout: 5 });
    },
  };
}

/** Applies the migrations under a session advisory lock, so instances starting together wait. */
async function migratePostgresLocked(url: string, migrationsFolder: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // A role's own statement_timeout (docs/deployment.md#behind-pgbouncer) must not cut a long
    // migration short.
    await client`set statement_timeout = 0`;
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * Applies the migrations through a transaction pooler, where a session lock would stay behind
 * on a server connection the pooler hands to others: everything, from a transaction-scoped
 * advisory lock to the last migration, is one transaction, which the pooler keeps on one
 * server connection. Drizzle's migrator opens its own transaction inside it; PostgreSQL
 * answers a BEGIN inside a transaction with a warning and changes nothing, and Drizzle's
 * COMMIT (or ROLLBACK, when a migration fails) ends the whole, releasing the lock (PostgreSQL
 * manual, BEGIN and "Advisory Locks").
 */
async function migrateInOneTransaction(url: string, migrationsFolder: string): Promise<void> {
  // One connection, so postgres.js lets a plain BEGIN through (it refuses one on a pool).
  const client = postgres(url, { max: 1, onnotice: () => {}, prepare: false });
  try {
    await client.unsafe('begin');
    await client`set local statement_timeout = 0`;
    await client`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
  } catch (error) {
    await client.unsafe('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * Through a transaction pooler Kith cannot set its 15 s statement timeout per connection; says
 * so once at start when the database role has none (the fix: docs/deployment.md).
 */
async function warnWithoutStatementTimeout(client: postgres.Sql): Promise<void> {
  const [row] = await client<{ statement_timeout: string }[]>`show statement_timeout`;
  if (row?.statement_timeout === '0') {
    console.warn(
      'DATABASE_POOL_MODE=transaction: the database role has no statement_timeout, so a runaway query is never cancelled; ' +
        `set one, e.g. alter role <kith role> set statement_timeout = '${STATEMENT_TIMEOUT_MS / 1000}s' (docs/deployment.md#behind-pgbouncer)`,
    );
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
      } catch (error) {
        // A statement that fails inside the text skips the rest, its COMMIT too, and leaves
        // the connection in a failed transaction that would refuse every later query (on
        // PGlite, the app's only session). PostgreSQL only warns at a ROLLBACK with no
        // transaction open.
        await connection.unsafe('ROLLBACK').catch(() => {});
        throw error;
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
