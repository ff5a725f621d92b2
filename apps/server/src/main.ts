import {
  backgroundJobs,
  createMailer,
  deriveAuthKeys,
  preloadPasswordLists,
  startJobQueue,
  syncAlertsSoon,
  startSessionLiveness,
  withPhotoLinks,
} from '@kith/api';
import { createDb } from '@kith/db';
import { join } from 'node:path';
import { buildApp } from './app';
import { startBackups } from './backup/service';
import { DEFAULT_RATE_LIMITS } from '@kith/api';
import { InvalidEnvError, loadEnv, MissingEnvError, type Env } from './env';
import { createImageStore } from './image-storage';
import { resolveAppSecret } from './secrets';

/** How long shutdown waits for in-flight requests before it gives up, in ms. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the server: env, database (with migrations), app, listen; stops cleanly on SIGTERM. */
async function main(): Promise<void> {
  const env = readEnvOrExit();
  // Read the breached-password list now, not in the first sign-up's request.
  preloadPasswordLists();
  const appSecret = resolveAppSecret(env.APP_SECRET, env.DATA_DIR);
  const database = await createDb({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: join(env.DATA_DIR, 'pglite'),
  });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: join(env.DATA_DIR, 'outbox'),
    log: (line) => console.log(line),
  });
  const keys = deriveAuthKeys(appSecret);
  const now = () => new Date();
  // On PostgreSQL, live sessions are cached and dropped when the database announces a
  // revocation; on PGlite every call asks the database.
  const sessionLiveness = await startSessionLiveness(database);
  const deps = {
    db: database.db,
    dbKind: database.kind,
    publicUrl: env.PUBLIC_URL,
    keys,
    mailer,
    images: withPhotoLinks(createImageStore(env), keys.photoLinks, now),
    now,
    sessionLiveness,
  };
  // Sync alerts are looked for seconds after a phone's writes, besides the minute's job.
  const syncAlerts = syncAlertsSoon(deps, (error) =>
    app.log.error(
      { err: error },
      'sync alerts after a CardDAV write failed; the next minute retries',
    ),
  );
  const app = await buildApp({
    env,
    deps,
    onDavWrite: syncAlerts.nudge,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      perIp: env.RATE_LIMIT_PER_IP,
      perAccount: env.RATE_LIMIT_PER_ACCOUNT,
    },
    serveWeb: env.SERVE_WEB,
  });

  // Every instance works the queue; pg-boss runs each scheduled job once among them.
  const jobs = await startJobQueue({
    database,
    jobs: backgroundJobs(deps, (message, details) => app.log.info(details, message)),
    onError: (error, job) =>
      app.log.error({ err: error, job }, 'background job failed; it will be retried'),
  });
  // The embedded database's backups: nightly, and on `pnpm backup`'s request (docs/backups.md).
  await startBackups({ env, database, jobs, images: deps.images, log: app.log });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    syncAlerts.stop();
    await jobs.stop();
    await sessionLiveness?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`database: ${database.kind}; data folder: ${env.DATA_DIR}`);
  console.log(`\n  Kith is running at ${publicAddress(env)}\n`);
}

function readEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof MissingEnvError || error instanceof InvalidEnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function publicAddress(env: Env): string {
  if (env.NODE_ENV === 'production') return env.PUBLIC_URL;
  // In development the web app lives on Vite's port unless this server serves the build.
  return env.SERVE_WEB ? `http://localhost:${env.PORT}` : 'http://localhost:5173';
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
