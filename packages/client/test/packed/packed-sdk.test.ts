/**
 * The SDK as another project gets it: packed to a tarball, installed with npm into a throwaway
 * TypeScript project outside the workspace, type-checked (a deliberate type error must fail),
 * and run against a live server.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const clientDir = resolve(import.meta.dirname, '../..');
const serverDir = resolve(clientDir, '../../apps/server');
const TYPESCRIPT_VERSION = '5.9.3';

let projectDir: string;
let dataDir: string;
let server: ChildProcess | undefined;
let baseUrl: string;

beforeAll(async () => {
  const workDir = mkdtempSync(join(tmpdir(), 'kith-sdk-'));
  projectDir = join(workDir, 'project');
  dataDir = join(workDir, 'data');

  await run('pnpm', ['pack', '--pack-destination', workDir], { cwd: clientDir });
  const tarball = readdirSync(workDir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack wrote no tarball');

  cpSync(join(import.meta.dirname, 'project'), projectDir, { recursive: true });
  writeFileSync(
    join(projectDir, 'package.json'),
    JSON.stringify({ name: 'sdk-consumer', private: true, type: 'module' }),
  );
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      join(workDir, tarball),
      `typescript@${TYPESCRIPT_VERSION}`,
      '@types/node@20',
    ],
    { cwd: projectDir },
  );

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // A development server on its own PGlite data folder, with the mail outbox there too.
  const { DATABASE_URL: _ignored, SMTP_URL: _alsoIgnored, ...env } = process.env;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  await waitForHealth(baseUrl);
}, 180_000);

afterAll(() => {
  server?.kill('SIGTERM');
  if (projectDir) rmSync(resolve(projectDir, '..'), { recursive: true, force: true });
});

describe('the packed SDK in a project outside the workspace', () => {
  it('installs with only published dependencies and ships ESM with declarations', async () => {
    const installed = join(projectDir, 'node_modules/@kith/client');
    const files = readdirSync(join(installed, 'dist'));
    expect(files).toContain('index.js');
    expect(files).toContain('index.d.ts');
    expect(readdirSync(join(projectDir, 'node_modules/@kith'))).toEqual(['client']);
  });

  it('type-checks a program that uses it', async () => {
    const result = await tsc('tsconfig.json');
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });

  it('refuses a program with a deliberate type error', async () => {
    const result = await tsc('tsconfig.wrong.json');
    expect(result.code).not.toBe(0);
    // The number given as a phone, and the name read as a number: both are caught.
    expect(result.output).toMatch(
      /wrong\.ts\(8,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/,
    );
    expect(result.output).toMatch(
      /wrong\.ts\(11,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
    );
  });

  it('runs against a live server: sign up, verify, create, search, list, trash', async () => {
    const { stdout } = await run(process.execPath, ['dist/main.js'], {
      cwd: projectDir,
      env: { ...process.env, KITH_URL: baseUrl, KITH_OUTBOX: join(dataDir, 'outbox') },
    });
    expect(JSON.parse(stdout)).toEqual({
      user: 'Grace Hopper',
      created: 'Ada Lovelace',
      createdAtIsDate: true,
      found: ['Ada Lovelace'],
      listed: ['Ada Lovelace', 'Alan Turing'],
      trashed: ['Ada Lovelace'],
      remaining: ['Alan Turing'],
      refused: { status: 400, fields: ['givenName', 'phones'] },
    });
  });
});

/** Runs the project's own tsc; resolves its exit code and output whatever the outcome. */
async function tsc(project: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', project],
      {
        cwd: projectDir,
      },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server at ${url} did not become healthy`);
}
