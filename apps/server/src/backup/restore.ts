import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageStore } from '@kith/api';
import { createDb, MIGRATIONS_FOLDER } from '@kith/db';
import { dataDirHolder, inUseMessage } from '@kith/db/data-dir-lock';
import postgres from 'postgres';
import { DATABASE_ENTRY, readArchive, workFolder, type BackupManifest } from './archive';
import { serverVersion } from './backup';
import { copyImagesIn } from './contents';
import { OperatorError } from './operator-error';
import { findPostgresTool, libpqTarget, runTool } from './postgres-tools';

export interface RestoreOptions {
  /** The archive `pnpm backup` or the nightly job wrote. */
  file: string;
  /** `$DATA_DIR`: the embedded database goes to its `pglite/`, local photos to `uploads/`. */
  dataDir: string;
  /** DATABASE_URL: restore into this PostgreSQL database instead of the embedded one. */
  databaseUrl?: string;
  /** Where photos go (local disk or the S3 bucket). */
  images: ImageStore;
  storage: 'local' | 's3';
  /** The APP_SECRET the server is configured with, to warn when the archive's differs. */
  appSecret?: string;
  /** Replace a database that is not empty: the embedded one is moved aside, PostgreSQL's emptied. */
  force?: boolean;
  /** The folder of pg_restore, when it is not the newest on this machine. */
  pgBin?: string;
  /** Hears what was done, one line each. */
  log(line: string): void;
}

/** The migrations this Kith knows (drizzle's journal). */
export function knownMigrations(): number {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Restores `file` onto an empty target (docs/backups.md#restoring): checks the manifest,
 * refuses a database with data in it unless `force`, loads the database, applies this Kith's
 * migrations on top (so an older backup comes up in the current shape), and puts back every
 * photo the restored `images` table names.
 *
 * @throws OperatorError for every mistake the operator can fix: no such file, not a Kith
 *   backup, a backup of the other database kind or of a later Kith, a target not empty, the
 *   embedded database open in a running server, pg_restore missing or too old.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const work = await workFolder(options.dataDir);
  try {
    const manifest = await readArchive(options.file, work.dir);
    const target = options.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.kind !== target) {
      throw new OperatorError(
        manifest.kind === 'pglite'
          ? `${options.file} is a backup of the embedded database, but DATABASE_URL names PostgreSQL: ` +
              `unset DATABASE_URL to restore it, or restore a PostgreSQL backup`
          : `${options.file} is a backup of a PostgreSQL database: set DATABASE_URL to an empty ` +
              `database to restore it`,
      );
    }
    const known = knownMigrations();
    if (manifest.migrations > known) {
      throw new OperatorError(
        `${options.file} was made by a later Kith (${manifest.migrations} migrations; this one ` +
          `knows ${known}): upgrade Kith, then restore`,
      );
    }
    const databaseFile = join(work.dir, DATABASE_ENTRY[manifest.kind]);
    if (!existsSync(databaseFile)) {
      throw new OperatorError(`${options.file} is damaged: it holds no database`);
    }
    // Before anything is moved: a folder a server has open is never touched.
    const pgliteDir = join(options.dataDir, 'pglite');
    const holder = options.databaseUrl ? null : dataDirHolder(pgliteDir);
    if (holder) throw new OperatorError(inUseMessage(pgliteDir, holder));
    if (options.storage === 'local') {
      await clearFolder(join(options.dataDir, 'uploads'), 'the photo folder', options);
    }

    const handle = options.databaseUrl
      ? await restorePostgres(options.databaseUrl, databaseFile, manifest, options)
      : await restorePglite(databaseFile, options);
    let photos: number;
    try {
      photos = await copyImagesIn(handle.db, options.images, join(work.dir, 'images'));
    } finally {
      await handle.close();
    }
    options.log(
      `restored the ${manifest.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database of ` +
        `${manifest.createdAt} and ${photos} photos; migrations applied up to ${known}`,
    );
    if (manifest.images.missing.length > 0) {
      options.log(
        `${manifest.images.missing.length} photos were already gone when the backup was made`,
      );
    }
    await restoreSecret(join(work.dir, 'app-secret'), manifest, options);
    return manifest;
  } finally {
    await work.remove();
  }
}

async function restorePglite(tarball: string, options: RestoreOptions) {
  const pgliteDir = join(options.dataDir, 'pglite');
  await clearFolder(pgliteDir, 'the embedded database', options);
  try {
    // PGlite unpacks the tarball into the empty folder; createDb then applies the migrations.
    return await createDb({ pgliteDir, pgliteTemplate: tarball });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new OperatorError(message.replace(/^PGlite did not start: /, ''));
  }
}

/**
 * Refuses a folder with something in it, or with `force` moves it aside as
 * `<folder>.before-restore-<time>`, so nothing is deleted by a restore.
 */
async function clearFolder(folder: string, what: string, options: RestoreOptions): Promise<void> {
  if (!existsSync(folder) || readdirSync(folder).length === 0) return;
  if (!options.force) {
    throw new OperatorError(
      `${what} (${folder}) is not empty: restore onto an empty data folder, or add --force ` +
        `to move it aside`,
    );
  }
  const aside = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(folder, aside);
  options.log(`moved ${folder} aside to ${aside}`);
}

async function restorePostgres(
  url: string,
  dumpFile: string,
  manifest: BackupManifest,
  options: RestoreOptions,
) {
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    let server: { version: string; major: number };
    try {
      server = await serverVersion(client);
    } catch (error) {
      throw new OperatorError(`cannot reach the database: ${(error as Error).message}`);
    }
    const pgRestore = await findPostgresTool('pg_restore', options.pgBin);
    const dumpedWith = Number(manifest.postgres?.pgDump.split('.')[0] ?? 0);
    if (pgRestore.major < dumpedWith) {
      throw new OperatorError(
        `pg_restore ${pgRestore.version} cannot read a dump of pg_dump ${manifest.postgres?.pgDump}: ` +
          `install postgresql-client-${dumpedWith} or newer, or give --pg-bin <folder>`,
      );
    }
    if (server.major < Number(manifest.postgres?.server.split('.')[0] ?? 0)) {
      options.log(
        `note: the backup is of PostgreSQL ${manifest.postgres?.server}, this server is ` +
          `${server.version}; an older server may refuse parts of it`,
      );
    }
    const [{ n } = { n: 0 }] = await client<{ n: number }[]>`
      select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where s.nspname not in ('pg_catalog', 'information_schema')
        and s.nspname not like 'pg_toast%' and c.relkind in ('r', 'p', 'v', 'm', 'S')`;
    if (n > 0) {
      if (!options.force) {
        throw new OperatorError(
          `the database is not empty (${n} tables and sequences): restore into an empty ` +
            `database, or add --force to drop Kith's schemas (public, drizzle, pgboss) first`,
        );
      }
      await client.unsafe(
        'drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; ' +
          'drop schema if exists public cascade; create schema public',
      );
      options.log('dropped the schemas public, drizzle and pgboss of the database');
    }
    const target = libpqTarget(url);
    // Extensions' comments belong to their owner (a superuser), which Kith's role need not
    // be: the restore leaves them out rather than failing on them.
    const contents = await runTool(pgRestore, ['--list', dumpFile], target.env);
    const list = `${dumpFile}.list`;
    await writeFile(
      list,
      contents
        .split('\n')
        .filter((line) => !/ COMMENT - EXTENSION /.test(line))
        .join('\n'),
    );
    await runTool(
      pgRestore,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--use-list=${list}`,
        `--dbname=${target.url}`,
        dumpFile,
      ],
      target.env,
    );
  } finally {
    await client.end({ timeout: 5 });
  }
  // createDb applies this Kith's migrations over the restored ones.
  return createDb({ databaseUrl: url, maxConnections: 2 });
}

async function restoreSecret(
  file: string,
  manifest: BackupManifest,
  options: RestoreOptions,
): Promise<void> {
  if (!manifest.appSecret || !existsSync(file)) {
    options.log(
      'the backup holds no APP_SECRET: start the server with the one it had, or app passwords, ' +
        'API tokens, authenticator apps and recovery codes stop working (docs/backups.md)',
    );
    return;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (options.appSecret && options.appSecret !== secret) {
    options.log(
      "warning: APP_SECRET differs from the backup's; set it to the backup's (in the file " +
        `${join(options.dataDir, 'app-secret.restored')})`,
    );
    await writeFile(join(options.dataDir, 'app-secret.restored'), `${secret}\n`, { mode: 0o600 });
    return;
  }
  if (options.appSecret) return;
  const target = join(options.dataDir, 'app-secret');
  if (existsSync(target) && (await readFile(target, 'utf8')).trim() !== secret) {
    await rename(target, `${target}.before-restore`);
  }
  await writeFile(target, `${secret}\n`, { mode: 0o600 });
  options.log(`the backup's APP_SECRET was written to ${target}`);
}
