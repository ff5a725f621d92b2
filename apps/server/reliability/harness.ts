/**
 * What the reliability tests share: a fresh PostgreSQL database, the real server as a child
 * process (so it can be killed), seeded signed-in clients, and a TCP proxy that can cut the
 * server off from its database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { hashPassword } from '@kith/api';
import { createContactsClient, type ContactsClient } from '@kith/client';
import postgres from 'postgres';

export const PASSWORD = 'kith-harbour-42';
const serverDir = resolve(import.meta.dirname, '..');

/** The PostgreSQL server the tests may create databases on (`.ci/run` sets it). */
export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'pnpm test:reliability needs PostgreSQL: set TEST_DATABASE_URL, e.g. ' +
        'postgres://postgres@127.0.0.1:5432/postgres',
    );
  }
  return url;
}

/** A new, empty database; `drop()` removes it. The server migrates it when it starts. */
export async function createDatabase() {
  const name = `kith_reliability_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
  return {
    url: url.toString(),
    /** A direct connection, to check what was really written. */
    sql,
    async drop() {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

export interface ServerProcess {
  baseUrl: string;
  /** The server's data folder (`DATA_DIR`): the embedded database lives in its `pglite/`. */
  dataDir: string;
  /** Starts (or starts again) the server; resolves once /api/health answers, with the ms taken. */
  start(): Promise<number>;
  /**
   * Sends the signal and waits for the process to exit: its exit code (null when a signal
   * ended it), the signal that did, and the ms from the signal to the exit. Answers
   * `undefined` when the process was not running.
   */
  stop(signal?: NodeJS.Signals): Promise<ServerExit | undefined>;
  /** Sends a signal and returns at once: false when the process was not running. */
  signal(signal: NodeJS.Signals): boolean;
}

/** How a server process ended: `ServerProcess.stop`. */
export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
}

export interface ServerProcessOptions {
  /**
   * Run the compiled server (`dist/main.js`, what `pnpm start` runs; `pnpm build` or
   * `node build.mjs` makes it) instead of the TypeScript sources through tsx.
   */
  compiled?: boolean;
  /** An existing data folder to use instead of a fresh one. */
  dataDir?: string;
}

/**
 * The real server on its own port and data folder, development settings with a secret kept in
 * that folder, so sessions survive a restart as they do in production. `databaseUrl`
 * undefined runs it on the embedded database (PGlite, in the data folder).
 *
 * @throws Error from `start` when `compiled` is asked for and `dist/main.js` is missing.
 */
export async function serverProcess(
  databaseUrl: string | undefined,
  /** Settings over the defaults below (a test of real limits sets RATE_LIMIT_* itself). */
  settings: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kith-reliability-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  return {
    baseUrl,
    dataDir,
    async start() {
      const started = Date.now();
      const launched = spawn(process.execPath, serverArgs(options.compiled ?? false), {
        cwd: serverDir,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl ?? '',
          LOG_LEVEL: 'error',
          RATE_LIMIT_PER_IP: '100000',
          RATE_LIMIT_PER_ACCOUNT: '100000',
          ...settings,
        },
      });
      child = launched;
      // A server that dies while starting fails the start at once, not after the health wait.
      let onExit = (_code: number | null, _signal: NodeJS.Signals | null) => {};
      const died = new Promise<never>((_, reject) => {
        onExit = (code, signal) =>
          reject(new Error(`the server exited while starting (code ${code}, signal ${signal})`));
        launched.once('exit', onExit);
      });
      try {
        await Promise.race([waitForHealth(baseUrl), died]);
      } finally {
        launched.off('exit', onExit);
      }
      return Date.now() - started;
    },
    async stop(signal = 'SIGTERM') {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return undefined;
      const exited = new Promise<ServerExit>((done) =>
        running.once('exit', (code, exitSignal) =>
          done({ code, signal: exitSignal, ms: Date.now() - sentAt }),
        ),
      );
      const sentAt = Date.now();
      running.kill(signal);
      return exited;
    },
    signal(signal) {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return false;
      return running.kill(signal);
    },
  };
}

/** `node`'s arguments: the compiled bundle, or the sources through tsx. */
function serverArgs(compiled: boolean): string[] {
  if (!compiled) return ['--import', 'tsx', 'src/main.ts'];
  const bundle = join(serverDir, 'dist/main.js');
  if (!existsSync(bundle)) {
    throw new Error(`${bundle} is missing: build the server first (pnpm build)`);
  }
  return ['--enable-source-maps', bundle];
}

/** `count` verified accounts inserted directly, each with a signed-in SDK client. */
export async function signedInClients(
  sql: postgres.Sql,
  baseUrl: string,
  count: number,
): Promise<{ userId: string; client: ContactsClient }[]> {
  const users = await insertVerifiedUsers(
    (text, values) => sql.unsafe(text, values as never[]),
    count,
  );
  return signIn(baseUrl, users);
}

/** Runs one SQL statement with `$1`-style parameters and answers its rows. */
export type SqlRunner = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Inserts `count` verified accounts (password `PASSWORD`) through `run`, which may be a
 * PostgreSQL connection or the embedded database opened by the test while no server has it.
 */
export async function insertVerifiedUsers(
  run: SqlRunner,
  count: number,
): Promise<{ id: string; email: string }[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const batch = randomBytes(3).toString('hex');
  const values = Array.from({ length: count }, (_, i) => [
    `Load Tester ${i}`,
    `load-${batch}-${i}@example.com`,
    passwordHash,
  ]);
  const rows = values.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3}, now())`);
  const inserted = await run(
    `insert into users (name, email, password_hash, email_verified_at)
     values ${rows.join(', ')} returning id, email`,
    values.flat(),
  );
  return inserted.map((row) => ({ id: String(row.id), email: String(row.email) }));
}

/** A signed-in SDK client for each account; `timeoutMs` is each call's limit (60 s default). */
export async function signIn(
  baseUrl: string,
  users: { id: string; email: string }[],
  timeoutMs?: number,
): Promise<{ userId: string; client: ContactsClient }[]> {
  return Promise.all(
    users.map(async ({ id, email }) => {
      // No retries: the reliability tests measure what the server itself answers.
      const client = createContactsClient({ baseUrl, retries: 0, timeoutMs });
      await client.auth.login.mutate({ email, password: PASSWORD });
      return { userId: id, client };
    }),
  );
}

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones, as a stopped database does. */
  cut(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy to `target`, so a test can take the database away and give it back. */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const port = await freePort();
  const listen = () =>
    new Promise<void>((done) => {
      server = createServer((inbound) => {
        const outbound = connect(target.port, target.host);
        for (const socket of [inbound, outbound]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        inbound.pipe(outbound).pipe(inbound);
        inbound.on('close', () => outbound.destroy());
        outbound.on('close', () => inbound.destroy());
      });
      server.listen(port, '127.0.0.1', () => done());
    });
  const unlisten = () =>
    new Promise<void>((done) => {
      for (const socket of sockets) socket.destroy();
      if (server) server.close(() => done());
      else done();
    });
  await listen();
  return { port, cut: unlisten, restore: listen, close: unlisten };
}

export function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitForHealth(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server at ${baseUrl} did not become healthy`);
}

/** Prints one line of figures, for the README's reliability section. */
export function report(name: string, figures: Record<string, number | string>): void {
  console.log(`[reliability] ${name}: ${JSON.stringify(figures)}`);
}

/**
 * Runs `work` while polling `/api/health` every 20 ms over a kept-alive connection, each poll
 * expected to answer 200; returns the slowest health answer, the number of polls and how long
 * `work` took, in ms. Hostile bursts are sent from another process (`work` starts them), so
 * this process and its connection pool stay free for the polls.
 */
export async function healthDuring(
  baseUrl: string,
  work: () => Promise<unknown>,
): Promise<{ slowestHealthMs: number; polls: number; workMs: number }> {
  const latencies: number[] = [];
  let running = true;
  const poll = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/health`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  try {
    await work();
  } finally {
    running = false;
    await poll;
  }
  return {
    slowestHealthMs: Math.round(Math.max(...latencies)),
    polls: latencies.length,
    workMs: Math.round(performance.now() - started),
  };
}
