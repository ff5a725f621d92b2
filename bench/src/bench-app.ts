/** The real app for the benchmarks, on a seeded database, and a signed-in cookie for it. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalImageStorage,
  deriveAuthKeys,
  startSessionLiveness,
  withPhotoLinks,
} from '@kith/api';
import type { ApiDependencies, AuthKeys } from '@kith/api';
import type { DatabaseHandle } from '@kith/db';
import { buildApp } from '@kith/server/app';
import { loadEnv } from '@kith/server/env';
import type { FastifyInstance } from 'fastify';
import { BENCH_PASSWORD } from './seed';

/**
 * Builds the app on `database` with rate limits out of the way, and listens on `port`
 * (0: any). `env` adds to a silent test environment; `serveWeb` serves the built web app.
 * Returns the app, the origin it answers at, its keys (an app password made in the database
 * directly needs them) and its dependencies (a bench that starts the job queue sets `jobs`).
 */
export async function startBenchApp(
  database: DatabaseHandle,
  options: { env?: Record<string, string>; serveWeb?: boolean; port?: number } = {},
): Promise<{ app: FastifyInstance; origin: string; keys: AuthKeys; deps: ApiDependencies }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kith-bench-'));
  const keys = deriveAuthKeys(randomBytes(32).toString('hex'));
  const now = () => new Date();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env });
  const deps: ApiDependencies = {
    db: database.db,
    dbKind: database.kind,
    publicUrl: env.PUBLIC_URL,
    keys,
    mailer: { send: async () => {} },
    images: withPhotoLinks(createLocalImageStorage(join(dataDir, 'uploads')), keys.photoLinks, now),
    now,
    // As the server runs: live sessions cached on PostgreSQL (none on PGlite).
    sessionLiveness: await startSessionLiveness(database),
  };
  const app = await buildApp({
    env,
    serveWeb: options.serveWeb,
    rateLimits: { perIp: 1e9, perAccount: 1e9, windowMs: 60_000, heavyPerAccount: 1e9 },
    deps,
  });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const { port } = app.server.address() as { port: number };
  return { app, origin: `http://localhost:${port}`, keys, deps };
}

/** Signs the seeded account in over REST; returns its session cookies as a Cookie header. */
export async function signIn(origin: string, email: string): Promise<string> {
  const login = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`the bench account could not sign in: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
