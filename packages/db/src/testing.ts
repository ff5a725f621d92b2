import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createDb, type CreateDbOptions, type DatabaseHandle } from './client';

/**
 * A fresh, migrated database for one test file (DESIGN.md "Testing layers"). In-memory
 * PGlite by default; when the test project sets `KITH_TEST_DB=postgres`, a new database is
 * created on the server of `TEST_DATABASE_URL` and dropped again by `close()`.
 */
export async function createTestDb(
  options: Pick<CreateDbOptions, 'migrationsFolder'> = {},
): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.KITH_TEST_DB !== 'postgres') return createDb(options);
  if (!adminUrl) throw new Error('KITH_TEST_DB=postgres needs TEST_DATABASE_URL');

  const name = `kith_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ ...options, databaseUrl: url.toString(), maxConnections: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
