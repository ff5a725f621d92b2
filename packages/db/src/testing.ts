import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import postgres from 'postgres';
import { createDb, MIGRATIONS_FOLDER, type CreateDbOptions, type DatabaseHandle } from './client';

/**
 * The database engine of the running test project, known when the tests are collected (before
 * any database is made): a test only one engine has a meaning for is declared in that
 * project alone, not reported skipped in the other.
 */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.KITH_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh, migrated database for one test file (docs/testing.md). In-memory
 * PGlite by default; when the test project sets `KITH_TEST_DB=postgres`, a new database is
 * created on the server of `TEST_DATABASE_URL` and dropped again by `close()`.
 */
export async function createTestDb(
  options: Pick<CreateDbOptions, 'migrationsFolder'> = {},
): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.KITH_TEST_DB !== 'postgres') {
    const folder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
    return createDb({ ...options, pgliteTemplate: await pgliteTemplate(folder) });
  }
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

/**
 * The migrated PGlite data directory every PGlite test database starts from (the path of its
 * tarball), for a test that needs an embedded database in a data folder of its own, as a
 * server has: `createDb({ pgliteDir, pgliteTemplate })` writes it into the empty folder, 1 s
 * instead of 3 s for creating and migrating a cluster there.
 */
export function migratedPgliteTemplate(): Promise<string> {
  return pgliteTemplate(MIGRATIONS_FOLDER);
}

/**
 * The path of a PGlite data directory with `migrationsFolder` applied, as a tarball in the
 * system's temporary folder, made on first use and kept for later runs: its name is a hash
 * of the migrations and of PGlite's version, so a new migration or engine makes a new one.
 * Every PGlite test database opens a copy of it (0.5 s) instead of creating and migrating a
 * cluster (3 s). Parallel test workers may both make it; each writes its own file and
 * renames it into place, so a reader never sees half of one.
 */
async function pgliteTemplate(migrationsFolder: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  const path = join(tmpdir(), `kith-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(path)) return path;

  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const handle = await createDb({ migrationsFolder });
  try {
    await handle.dumpDataDir!(partial);
    renameSync(partial, path);
  } finally {
    await handle.close();
    rmSync(partial, { force: true });
  }
  return path;
}

/** The installed PGlite's version (its package.json, found above its entry point). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * A copy of the migrations folder whose journal stops before the migration `tag`, in a new
 * temporary folder (the caller removes it): a test opens a database of the older shape with
 * it, writes rows as they were, then runs the real folder to test that migration on them.
 */
export function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kith-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}
