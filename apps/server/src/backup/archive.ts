import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as tar from 'tar';
import { OperatorError } from './operator-error';

/** What the first entry of every backup says it is (docs/backups.md#whats-inside). */
export const BACKUP_FORMAT = 'kith-backup';
/** The layout of the archive; a restore refuses a later one it does not know. */
export const BACKUP_FORMAT_VERSION = 1;

/** `manifest.json`, the archive's first entry. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** Which database the archive holds: `database/pglite.tar` or `database/postgres.dump`. */
  kind: 'pglite' | 'postgres';
  /** ISO 8601, when the backup started. */
  createdAt: string;
  /** Migrations applied to the database when it was dumped (drizzle's table). */
  migrations: number;
  images: {
    /** Where the photos came from: `$DATA_DIR/uploads` or the S3 bucket. */
    storage: 'local' | 's3';
    /** Photos in `images/`, one file per key of the `images` table. */
    count: number;
    /** Keys the `images` table names whose bytes the store no longer had. */
    missing: string[];
  };
  /** Whether `app-secret` (the server's APP_SECRET) is in the archive (`--with-secret`). */
  appSecret: boolean;
  /** PostgreSQL only: the server's and pg_dump's versions, e.g. `15.20`. */
  postgres?: { server: string; pgDump: string };
}

/** The archive's entry of the database, by kind. */
export const DATABASE_ENTRY = {
  pglite: 'database/pglite.tar',
  postgres: 'database/postgres.dump',
} as const;

/**
 * A folder beside `near` (so moving its files is a rename on the same disk) where a backup is
 * assembled or an archive unpacked; `remove()` deletes it.
 */
export async function workFolder(near: string): Promise<{ dir: string; remove(): Promise<void> }> {
  await mkdir(near, { recursive: true, mode: 0o700 });
  const dir = join(near, `.work-${Date.now()}-${randomBytes(4).toString('hex')}`);
  await mkdir(dir, { mode: 0o700 });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Writes `manifest` into `staging` and packs the folder into `outFile` as a gzipped tarball,
 * readable by its owner only (it holds every account). The file appears whole or not at all:
 * it is written under another name and renamed.
 */
export async function writeArchive(
  staging: string,
  manifest: BackupManifest,
  outFile: string,
): Promise<number> {
  await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const entries = [
    'manifest.json',
    ...(await readdir(staging)).filter((e) => e !== 'manifest.json'),
  ];
  const partial = `${outFile}.partial-${process.pid}`;
  try {
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await chmod(partial, 0o600);
    await rename(partial, outFile);
  } finally {
    await rm(partial, { force: true });
  }
  return (await stat(outFile)).size;
}

/**
 * Unpacks the archive `file` into `into` and returns its checked manifest.
 *
 * @throws OperatorError when the file is missing, is no gzipped tarball, has no Kith manifest,
 *   or was written by a later version of the format.
 */
export async function readArchive(file: string, into: string): Promise<BackupManifest> {
  try {
    if (!(await stat(file)).isFile()) throw new OperatorError(`${file} is not a file`);
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(`no such file: ${file}`);
  }
  try {
    // tar refuses absolute paths and `..` in entries by itself; strict turns a damaged archive
    // into an error instead of a warning.
    await tar.extract({ file, cwd: into, strict: true });
  } catch {
    throw new OperatorError(`${file} is not a Kith backup (not a readable .tar.gz archive)`);
  }
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await readFile(join(into, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new OperatorError(`${file} is not a Kith backup (it has no manifest.json)`);
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.version !== 'number') {
    throw new OperatorError(`${file} is not a Kith backup (its manifest is of another kind)`);
  }
  if (manifest.version > BACKUP_FORMAT_VERSION) {
    throw new OperatorError(
      `${file} was written by a later Kith (backup format ${manifest.version}; this one reads ` +
        `${BACKUP_FORMAT_VERSION}): upgrade Kith, then restore`,
    );
  }
  if (manifest.kind !== 'pglite' && manifest.kind !== 'postgres') {
    throw new OperatorError(`${file} is not a Kith backup (unknown database kind)`);
  }
  return manifest as BackupManifest;
}
