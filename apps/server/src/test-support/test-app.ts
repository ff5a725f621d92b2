import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalImageStorage,
  deriveAuthKeys,
  startSessionLiveness,
  syncAlertsSoon,
  withPhotoLinks,
  type ApiDependencies,
  type ImageStorage,
  type Mailer,
  type MailMessage,
} from '@kith/api';
import { createTestDb } from '@kith/db/testing';
import type { Database, DatabaseHandle } from '@kith/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach } from 'vitest';
import { buildApp } from '../app';
import { loadEnv, type Env } from '../env';
import type { RateLimitSettings } from '@kith/api';
import type { Lifecycle } from '../closing-connections';

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  /** Every message "sent", newest last. */
  outbox: MailMessage[];
  images: ImageStorage;
  /** Where local image storage keeps its files. */
  uploadsDir: string;
  /** What the app's procedures are given: database, keys, storage, mailer, clock. */
  deps: ApiDependencies;
  /** The app's clock. */
  now(): Date;
  /** Moves the app's clock forward, in ms. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  rateLimits?: RateLimitSettings;
  /** Replaces the in-memory mailer (to test SMTP or a failing mail server). */
  mailer?: Mailer;
  /** Replaces fetching imported photo addresses from the internet. */
  fetchPhoto?: (address: string) => Promise<Uint8Array>;
  /** Caches live sessions as the server does on PostgreSQL (`startSessionLiveness`). */
  sessionLiveness?: boolean;
  /**
   * A database several apps of one test file share (each with its own limits or settings);
   * `close()` leaves it open. Without it, each app gets a fresh database of its own.
   */
  database?: DatabaseHandle;
  /** Looks for sync alerts seconds after CardDAV writes, as the server process does. */
  syncAlertsAfterDavWrites?: boolean;
  /** The process's shutdown state, which a test sets as SIGTERM would (`Lifecycle`). */
  lifecycle?: Lifecycle;
}

/** The APP_SECRET test apps derive their keys from. */
export const TEST_APP_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** Generous limits, so tests that are not about rate limits never meet one. */
const RELAXED_LIMITS: RateLimitSettings = {
  perIp: 10_000,
  perAccount: 10_000,
  windowMs: 60_000,
  heavyPerAccount: 10_000,
};

/** The real app on a fresh test database, with a movable clock and an in-memory outbox. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kith-test-'));
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env });
  const database = options.database ?? (await createTestDb());
  const outbox: MailMessage[] = [];
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const uploadsDir = join(dataDir, 'uploads');
  const keys = deriveAuthKeys(TEST_APP_SECRET);
  const images = withPhotoLinks(createLocalImageStorage(uploadsDir), keys.photoLinks, now);
  const sessionLiveness = options.sessionLiveness ? await startSessionLiveness(database) : null;
  const deps: ApiDependencies = {
    db: database.db,
    dbKind: database.kind,
    publicUrl: env.PUBLIC_URL,
    keys,
    mailer: options.mailer ?? { send: async (message) => void outbox.push(message) },
    images,
    now,
    fetchPhoto: options.fetchPhoto,
    sessionLiveness,
  };
  const syncAlerts = options.syncAlertsAfterDavWrites
    ? syncAlertsSoon(deps, (error) => console.error(error))
    : null;
  const app = await buildApp({
    env,
    rateLimits: options.rateLimits ?? RELAXED_LIMITS,
    deps,
    onDavWrite: syncAlerts?.nudge,
    lifecycle: options.lifecycle,
  });
  return {
    app,
    env,
    deps,
    db: database.db,
    dbKind: database.kind,
    outbox,
    images,
    uploadsDir,
    now,
    advanceClock: (ms) => void (offsetMs += ms),
    // Idempotent: a test may close an app early and `appPerTest` close it again.
    close: once(async () => {
      syncAlerts?.stop();
      await app.close();
      await sessionLiveness?.close();
      if (!options.database) await database.close();
    }),
  };
}

/**
 * For a test file whose tests each need an app of their own (other limits, another mailer,
 * production settings): call it once at the top of the file; each test calls the returned
 * function for its app. Every app is built over one database, created on first use, so a
 * test pays for building an app, not for booting a database. Apps are closed after each
 * test, the database after the file.
 */
export function appPerTest(): (options?: TestAppOptions) => Promise<TestApp> {
  let database: Promise<DatabaseHandle> | undefined;
  const open: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await (await database)?.close();
  });
  return async (options = {}) => {
    database ??= createTestDb();
    const app = await createTestApp({ ...options, database: await database });
    open.push(app);
    return app;
  };
}

function once(run: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= run());
}
