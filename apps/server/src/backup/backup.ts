import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageStore } from '@kith/api';
import type { DatabaseHandle } from '@kith/db';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DATABASE_ENTRY,
  workFolder,
  writeArchive,
  type BackupManifest,
} from './archive';
import { appliedMigrations, copyImagesOut } from './contents';
import { OperatorError } from './operator-error';
import { findPostgresTool, libpqTarget, runTool } from './postgres-tools';
import type { Database } from '@kith/db';

/** What every backup needs besides its database. */
export interface BackupContext {
  /** `$DATA_DIR`: backups go to its `backups/` unless `outFile` says otherwise. */
  dataDir: string;
  /** The server's image store (local disk or S3), read by key. */
  images: ImageStore;
  storage: 'local' | 's3';
  /** The server's APP_SECRET, put in the archive only when given (`--with-secret`). */
  appSecret?: string;
  /** The archive's path; a new name in `$DATA_DIR/backups/` by default. */
  outFile?: string;
  now?: Date;
}

/** A finished backup: its path, size in bytes and manifest. */
export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/** How many nightly backups `$DATA_DIR/backups/` keeps (docs/backups.md#schedule-and-retention). */
export const BACKUPS_KEPT = 7;

const NAME = /^kith-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;

/** `$DATA_DIR/backups/`, where the server and the command write backups by default. */
export function backupsFolder(dataDir: string): string {
  return join(dataDir, 'backups');
}

/** `kith-backup-2026-11-27T03-30-00-000Z.tar.gz` for `at`: sorts by time, no colons. */
export function backupName(at: Date): string {
  return `kith-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/**
 * Backs up an embedded database that `handle` has open (the running server's, or the
 * command's own when no server runs): PGlite writes its data folder as one tarball between
 * two statements (its `dumpDataDir`), so the copy is of one instant, with every committed
 * transaction and none half done; then the photos the copy's `images` table names.
 *
 * @throws Error when PGlite cannot write its data folder or the archive cannot be written.
 */
export async function backupPglite(
  handle: DatabaseHandle,
  context: BackupContext,
): Promise<BackupResult> {
  if (!handle.dumpDataDir) throw new Error('the database handle is not an embedded database');
  const dump = handle.dumpDataDir.bind(handle);
  return assemble(context, 'pglite', handle.db, async (file) => {
    // A checkpoint first writes the engine's buffers into its files, so the copy opens
    // without replaying the write-ahead log.
    await handle.executeSql('checkpoint');
    await dump(file);
    return undefined;
  });
}

/**
 * Backs up the PostgreSQL database at `url` with pg_dump (custom format, no owners or
 * privileges, so it restores into a database of another name and role), then the photos
 * its `images` table names.
 *
 * @throws OperatorError when pg_dump is missing, older than the server, or fails.
 */
export async function backupPostgres(
  url: string,
  context: BackupContext & { pgBin?: string },
): Promise<BackupResult> {
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const server = await serverVersion(client);
    const pgDump = await findPostgresTool('pg_dump', context.pgBin);
    if (pgDump.major < server.major) {
      throw new OperatorError(
        `pg_dump ${pgDump.version} (${pgDump.path}) cannot dump PostgreSQL ${server.version}: ` +
          `install postgresql-client-${server.major} or newer, or give --pg-bin <folder>`,
      );
    }
    const db = drizzle({ client }) as unknown as Database;
    const target = libpqTarget(url);
    return await assemble(context, 'postgres', db, async (file) => {
      await runTool(
        pgDump,
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, target.url],
        target.env,
      );
      return { server: server.version, pgDump: pgDump.version };
    });
  } catch (error) {
    throw asOperatorError(error);
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** A database that cannot be reached is the operator's to fix: one line, no stack. */
function asOperatorError(error: unknown): unknown {
  if (error instanceof OperatorError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '3D000' || code === '28P01') {
    return new OperatorError(`cannot reach the database: ${(error as Error).message}`);
  }
  return error;
}

/** The server's version, e.g. `{version: '15.20', major: 15}`. */
export async function serverVersion(
  client: postgres.Sql,
): Promise<{ version: string; major: number }> {
  const [row] = await client<{ n: string; v: string }[]>`
    select current_setting('server_version_num') as n, current_setting('server_version') as v`;
  const major = Math.floor(Number(row!.n) / 10_000);
  return { version: row!.v.split(' ')[0]!, major };
}

async function assemble(
  context: BackupContext,
  kind: 'pglite' | 'postgres',
  db: Database,
  dumpDatabase: (file: string) => Promise<BackupManifest['postgres']>,
): Promise<BackupResult> {
  const createdAt = context.now ?? new Date();
  const folder = backupsFolder(context.dataDir);
  const outFile = context.outFile ?? join(folder, backupName(createdAt));
  const work = await workFolder(folder);
  try {
    // Counted before the dump: a migration applied meanwhile is in the dump and re-applies
    // as a no-op, while a count too high would make a restore refuse the file.
    const migrations = await appliedMigrations(db);
    await mkdir(join(work.dir, 'database'));
    const versions = await dumpDatabase(join(work.dir, DATABASE_ENTRY[kind]));
    // After the dump, so every photo the dump's rows name is read (a photo added meanwhile
    // is carried along unused; one deleted meanwhile is listed as missing).
    const images = await copyImagesOut(db, context.images, join(work.dir, 'images'));
    if (context.appSecret) {
      await writeFile(join(work.dir, 'app-secret'), `${context.appSecret}\n`, { mode: 0o600 });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      kind,
      createdAt: createdAt.toISOString(),
      migrations,
      images: { storage: context.storage, ...images },
      appSecret: Boolean(context.appSecret),
      ...(versions ? { postgres: versions } : {}),
    };
    const bytes = await writeArchive(work.dir, manifest, outFile);
    return { file: outFile, bytes, manifest };
  } finally {
    await work.remove();
  }
}

/** How old a backup's work folder or partial file must be to count as left by a crash, in ms. */
const DEBRIS_AGE_MS = 24 * 60 * 60_000;

/**
 * Deletes the oldest backups named by `backupName` in `folder` beyond the newest `keep`, and
 * the work folders and partial files of backups a crash interrupted more than a day ago;
 * other files there are left alone. Returns the names of the backups deleted.
 */
export async function pruneBackups(folder: string, keep = BACKUPS_KEPT): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder);
  const names = entries.filter((name) => NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(folder, name), { force: true });
  for (const name of entries.filter((e) => e.startsWith('.work-') || e.includes('.partial-'))) {
    const path = join(folder, name);
    const age = Date.now() - (await stat(path)).mtimeMs;
    if (age > DEBRIS_AGE_MS) await rm(path, { recursive: true, force: true });
  }
  return old;
}

/** The secret to put in an archive: APP_SECRET when set, else the generated one on disk. */
export async function currentAppSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<string | undefined> {
  if (configured) return configured;
  try {
    return (await readFile(join(dataDir, 'app-secret'), 'utf8')).trim();
  } catch {
    return undefined;
  }
}
