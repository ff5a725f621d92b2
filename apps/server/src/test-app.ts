import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb } from '@kith/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadEnv, type Env } from './env';

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  dbKind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The real app on a fresh test database and a throwaway data folder, not listening. */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kith-test-'));
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...overrides });
  const database = await createTestDb();
  const app = await buildApp({ env, deps: { db: database.db, dbKind: database.kind } });
  return {
    app,
    env,
    dbKind: database.kind,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
