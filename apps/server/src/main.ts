import {
  backgroundJobs,
  createMailer,
  deriveAuthKeys,
  preloadPasswordLists,
  startJobQueue,
  syncAlertsSoon,
  startSessionLiveness,
  withPhotoLinks,
  type ApiDependencies,
} from '@kith/api';
import { createDb, DatabaseStartError } from '@kith/db';
import { join } from 'node:path';
import { buildApp } from './app';
import { startBackups } from './backup/service';
import { DEFAULT_RATE_LIMITS } from '@kith/api';
import { InvalidEnvError, loadEnv, MissingEnvError, type Env } from './env';
import { createImageStore } from './image-storage';
import { resolveAppSecret } from './secrets';

/**
 * How long a shutdown may take, signal to exit, in ms: the requests in flight answered, the
 * background job in hand finished (pg-boss gives it 8 s), the database closed. Past it the
 * process exits 1 with that work unfinished (docs/deployment.md, "How the process works").
 */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** Starts the server: env, database (with migrations), app, listen; stops cleanly on SIGTERM. */
async function main(): Promise<void> {
  const env = readEnvOrExit();
  // Read the breached-password list now, not in the first sign-up's request.
  preloadPasswordLists();
  const appSecret = resolveAppSecret(env.APP_SECRET, env.DATA_DIR);
  const database = await createDb({
    databaseUrl: env.DATABASE_URL,
    poolMode: env.DATABASE_POOL_MODE,
    directUrl: env.DATABASE_DIRECT_URL,
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
  const deps: ApiDependencies = {
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
  const lifecycle = { leaving: false };
  const app = await buildApp({
    env,
    deps,
    lifecycle,
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
  // Imports are handed to the queue (`imports.start`), which any instance works.
  deps.jobs = jobs;
  // The embedded database's backups: nightly, and on `pnpm backup`'s request (docs/backups.md).
  const backups = await startBackups({ env, database, jobs, images: deps.images, log: app.log });

  // SIGTERM (a service manager, `docker stop`) or SIGINT (Ctrl-C): stop listening at once,
  // answer the requests in flight, let the job in hand finish, close the database (PGlite
  // writes its shutdown checkpoint, so the next start does no recovery), exit 0. A second
  // signal, or the deadline, exits 1 at once.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.error({ signal }, 'second signal while shutting down: exiting now, work unfinished');
      process.exit(1);
    }
    stopping = true;
    const started = Date.now();
    if (env.SHUTDOWN_DELAY_MS > 0) {
      // Out of the balancer's rotation first: health says 503 while requests are still served.
      lifecycle.leaving = true;
      app.log.info(
        { signal, delayMs: env.SHUTDOWN_DELAY_MS },
        'leaving: health answers 503 while the balancer takes this server out',
      );
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));
    }
    app.log.info({ signal }, 'shutting down: refusing new requests, finishing those in flight');
    setTimeout(() => {
      app.log.error(
        { signal, deadlineMs: SHUTDOWN_DEADLINE_MS },
        'shutdown took too long: exiting with requests or a job unfinished',
      );
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      syncAlerts.stop();
      await Promise.all([app.close(), jobs.stop(), backups.close()]);
      await sessionLiveness?.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info({ signal, ms: Date.now() - started }, 'stopped cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));

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
  // A refusal the operator can act on is one line; anything else keeps its stack trace.
  console.error(error instanceof DatabaseStartError ? error.message : error);
  process.exit(1);
});
