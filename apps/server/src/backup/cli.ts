import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '@kith/db';
import { InvalidEnvError, loadEnv, MissingEnvError } from '../env';
import { createImageStore } from '../image-storage';
import { backupPglite, backupPostgres, currentAppSecret } from './backup';
import { OperatorError } from './operator-error';
import { restoreBackup } from './restore';
import { requestBackup } from './service';

const USAGE = `usage: pnpm backup [--out <file or folder>] [--with-secret] [--pg-bin <folder>]
       pnpm restore <file> [--force] [--pg-bin <folder>]
(docs/backups.md)`;

/** Where the command's lines go; tests pass their own. */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * `pnpm backup` and `pnpm restore` (docs/backups.md): `args` are the command (`backup` or
 * `restore`) and its options, `env` the server's environment (the same DATA_DIR,
 * DATABASE_URL and S3_* the server reads), `cwd` where relative paths are read from.
 * Resolves to the exit code: 0 done, 1 refused or failed, with the reason as one line on
 * `err` and never a stack trace, 2 a usage mistake.
 */
export async function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  output: CliOutput = { out: console.log, err: console.error },
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        'with-secret': { type: 'boolean' },
        force: { type: 'boolean' },
        'pg-bin': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    output.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, ...rest] = parsed.positionals;
  const { values } = parsed;
  if (values.help) {
    output.out(USAGE);
    return 0;
  }
  const wrongOption =
    command === 'backup'
      ? values.force && '--force'
      : values.out !== undefined
        ? '--out'
        : values['with-secret'] && '--with-secret';
  if (
    (command !== 'backup' && command !== 'restore') ||
    (command === 'backup' && rest.length > 0) ||
    (command === 'restore' && rest.length !== 1) ||
    wrongOption
  ) {
    output.err(
      command === 'restore' && rest.length === 0
        ? `restore needs the backup file: pnpm restore <file>\n${USAGE}`
        : `${wrongOption ? `${wrongOption} is not an option of ${command}` : 'unexpected arguments'}\n${USAGE}`,
    );
    return 2;
  }
  try {
    const settings = loadEnv(env);
    const pgBin = values['pg-bin'] ? resolve(cwd, values['pg-bin']) : undefined;
    if (command === 'backup') {
      const file = await backup(settings, {
        withSecret: values['with-secret'] ?? false,
        out: values.out ? resolve(cwd, values.out) : undefined,
        pgBin,
        log: output.err,
      });
      output.out(file);
      return 0;
    }
    await restoreBackup({
      file: resolve(cwd, rest[0]!),
      dataDir: settings.DATA_DIR,
      databaseUrl: settings.DATABASE_URL && directUrl(settings),
      images: createImageStore(settings),
      storage: settings.S3_BUCKET ? 's3' : 'local',
      appSecret: settings.APP_SECRET,
      force: values.force ?? false,
      pgBin,
      log: output.err,
    });
    output.out('restored: start the server to use it');
    return 0;
  } catch (error) {
    if (
      error instanceof OperatorError ||
      error instanceof MissingEnvError ||
      error instanceof InvalidEnvError
    ) {
      output.err(`kith ${command}: ${error.message}`);
    } else {
      // Not the operator's doing: still one line, with what failed, for a bug report.
      output.err(
        `kith ${command} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return 1;
  }
}

async function backup(
  env: ReturnType<typeof loadEnv>,
  options: { withSecret: boolean; out?: string; pgBin?: string; log(line: string): void },
): Promise<string> {
  const outFile = options.out ? await outPath(options.out) : undefined;
  const appSecret = options.withSecret
    ? await currentAppSecret(env.APP_SECRET, env.DATA_DIR)
    : undefined;
  if (options.withSecret && !appSecret) {
    throw new OperatorError(
      '--with-secret: no APP_SECRET is set and none was generated in DATA_DIR',
    );
  }
  const context = {
    dataDir: env.DATA_DIR,
    images: createImageStore(env),
    storage: env.S3_BUCKET ? ('s3' as const) : ('local' as const),
    appSecret,
    outFile,
  };
  if (env.DATABASE_URL) {
    const made = await backupPostgres(directUrl(env), { ...context, pgBin: options.pgBin });
    options.log(summary(made.bytes, made.manifest.images.count, 'PostgreSQL'));
    return made.file;
  }
  // A server running on this folder makes the copy itself: no second process may open it.
  const asked = await requestBackup(env.DATA_DIR, options.withSecret);
  if (asked) {
    options.log(summary(asked.bytes, asked.photos, 'the running server'));
    if (!outFile) return asked.file;
    await move(asked.file, outFile);
    return outFile;
  }
  const pgliteDir = join(env.DATA_DIR, 'pglite');
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) {
    throw new OperatorError(
      `there is no embedded database in ${pgliteDir}: is DATA_DIR right? (or DATABASE_URL unset?)`,
    );
  }
  const noMigrations = await mkdtemp(join(tmpdir(), 'kith-no-migrations-'));
  let handle;
  try {
    // An empty journal: opening the folder applies no migration, so the copy is of the
    // folder as it is.
    await mkdir(join(noMigrations, 'meta'));
    await writeFile(
      join(noMigrations, 'meta', '_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [] }),
    );
    handle = await createDb({ pgliteDir, migrationsFolder: noMigrations });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new OperatorError(message.replace(/^PGlite did not start: /, ''));
  } finally {
    await rm(noMigrations, { recursive: true, force: true });
  }
  try {
    const made = await backupPglite(handle, context);
    options.log(summary(made.bytes, made.manifest.images.count, 'the embedded database'));
    return made.file;
  } finally {
    await handle.close();
  }
}

/**
 * The URL pg_dump and pg_restore use: DATABASE_DIRECT_URL when the server reaches PostgreSQL
 * through a transaction pooler (a dump needs one session throughout), else DATABASE_URL.
 */
function directUrl(env: ReturnType<typeof loadEnv>): string {
  return (env as { DATABASE_DIRECT_URL?: string }).DATABASE_DIRECT_URL ?? env.DATABASE_URL!;
}

function summary(bytes: number, photos: number, source: string): string {
  return `backed up ${source} and ${photos} photos (${(bytes / 1024 / 1024).toFixed(1)} MB)`;
}

/** `--out`: a folder (the default name inside it) or a file's path. */
async function outPath(out: string): Promise<string> {
  try {
    if ((await stat(out)).isDirectory()) return join(out, `kith-backup-${Date.now()}.tar.gz`);
    throw new OperatorError(`${out} already exists: give a new file name or a folder`);
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    return out;
  }
}

async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') {
      throw new OperatorError(`cannot write ${to}: ${(error as Error).message}`);
    }
    await copyFile(from, to);
    await rm(from);
  }
}

// Run as a program (`pnpm backup`), not when a test imports it. Like main.ts, the program's
// entry hands the environment to loadEnv; INIT_CWD is where the person typed the command
// (pnpm runs scripts from the package's folder).
if (process.argv[1] && basename(process.argv[1]).startsWith('cli.')) {
  // eslint-disable-next-line no-restricted-properties
  const environment = process.env;
  const code = await runCli(
    process.argv.slice(2),
    environment,
    environment.INIT_CWD ?? process.cwd(),
  );
  process.exit(code);
}
