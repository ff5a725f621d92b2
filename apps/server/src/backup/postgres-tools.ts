import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OperatorError } from './operator-error';

const run = promisify(execFile);

/** A PostgreSQL client program found on this machine, and its version (`15.20`). */
export interface PostgresTool {
  path: string;
  version: string;
  major: number;
}

/**
 * The newest `name` (pg_dump, pg_restore) on this machine: in `pgBin` when given, else in
 * Debian's per-version folders (`/usr/lib/postgresql/<major>/bin`, newest first), else on PATH.
 *
 * @throws OperatorError when none is found.
 */
export async function findPostgresTool(
  name: 'pg_dump' | 'pg_restore',
  pgBin?: string,
): Promise<PostgresTool> {
  const candidates = pgBin ? [join(pgBin, name)] : [...debianTools(name), name];
  for (const candidate of candidates) {
    const version = await toolVersion(candidate);
    if (version) return { path: candidate, ...version };
  }
  throw new OperatorError(
    `${name} was not found${pgBin ? ` in ${pgBin}` : ''}: install PostgreSQL's client tools ` +
      `(Debian: apt-get install postgresql-client) or give --pg-bin <folder holding ${name}>`,
  );
}

function debianTools(name: string): string[] {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((entry) => /^\d+$/.test(entry))
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => join(root, major, 'bin', name))
    .filter((path) => existsSync(path));
}

async function toolVersion(path: string): Promise<{ version: string; major: number } | null> {
  try {
    const { stdout } = await run(path, ['--version']);
    // "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)"
    const match = /\(PostgreSQL\)\s+((\d+)(?:\.\d+)*)/.exec(stdout);
    return match ? { version: match[1]!, major: Number(match[2]) } : null;
  } catch {
    return null;
  }
}

/**
 * A libpq URL without its password, and the environment that carries the password instead
 * (PGPASSWORD), so the password never shows in the machine's process list.
 */
export function libpqTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // The program inherits this process's environment (PATH, libpq's PG* settings such as
  // PGSSLROOTCERT); only the password is added. Configuration itself still comes from loadEnv.
  // eslint-disable-next-line no-restricted-properties
  const inherited = process.env;
  return {
    url: parsed.toString(),
    env: password ? { ...inherited, PGPASSWORD: password } : inherited,
  };
}

/**
 * Runs a PostgreSQL client program; its last line of errors becomes the reason.
 *
 * @throws OperatorError with the program's own message when it exits non-zero.
 */
export async function runTool(
  tool: PostgresTool,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<string> {
  try {
    const { stdout } = await run(tool.path, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    const reason = stderr.split('\n').filter(Boolean).at(-1) ?? String(error);
    throw new OperatorError(`${tool.path.split('/').at(-1)} failed: ${reason}`);
  }
}
