/**
 * The cluster `pnpm test:cluster` runs (docs/cluster.md): one fresh PostgreSQL database, Redis,
 * an SMTP server that keeps every mail it is handed, an S3-compatible store, N Kith server
 * processes and HAProxy in front of them. Everything it starts it also stops, on success,
 * failure or an interrupted run.
 */
/* eslint-disable no-restricted-properties -- like the reliability suite, this starts server
   processes, each with an environment of its own, and reads the run's settings (docs/cluster.md). */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import S3rver from '@20minutes/s3rver';
import { createS3ImageStorage, type ImageStore } from '@kith/api';
import { simpleParser } from 'mailparser';
import postgres from 'postgres';
import { SMTPServer } from 'smtp-server';

const run = promisify(execFile);
const serverDir = resolve(import.meta.dirname, '..');
const repoRoot = resolve(serverDir, '../..');
const serverBundle = join(serverDir, 'dist/main.js');

/** Every port the cluster uses is `base + offset`; the default base keeps them in 3350-3359. */
export const PORT_OFFSETS = { balancer: 0, smtp: 1, s3: 2, firstInstance: 3 } as const;

/** The S3 store's one account (the store's built-in key pair) and the bucket Kith writes to. */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const S3_BUCKET = 'kith-photos';

/** A mail as the SMTP server received it, parsed by mailparser. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

/** One Kith server process behind the balancer, with its own port and data folder. */
export interface Instance {
  /** Its name in HAProxy (`kith1`...), which answers carry in `X-Kith-Instance`. */
  name: string;
  /** Its own address, bypassing the balancer. */
  baseUrl: string;
  /** Starts it (or starts it again); resolves once its /api/health answers 200, with the ms taken. */
  start(): Promise<number>;
  /** Sends `signal` and resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Whether the process is running. */
  running(): boolean;
}

/** HAProxy's view of the instances (`show stat` on its admin socket). */
export interface BalancerStats {
  /** Per instance name: `UP`, `DOWN`, `UP 1/2` (rising), `DOWN 1/2`, `MAINT`... */
  status: Record<string, string>;
  /** Requests HAProxy sent again after a failed connection or an empty answer. */
  retries: number;
  /** Retries sent to another instance than the first one. */
  redispatches: number;
}

export interface Cluster {
  /** The balancer's address: the one clients use. */
  balancerUrl: string;
  instances: Instance[];
  /** A direct connection to the cluster's database, to check what was really written. */
  sql: postgres.Sql;
  databaseUrl: string;
  /** Every mail received so far, in order of arrival. */
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or to come) that `match` accepts. */
  waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs: number): Promise<ReceivedMail>;
  /** The S3 store's bucket through Kith's own S3 adapter (signed requests), to read objects back. */
  s3: ImageStore;
  /** The folder the S3 store keeps its objects in. */
  s3Dir: string;
  balancerStats(): Promise<BalancerStats>;
  /** Resolves once HAProxy reports every named instance with `status`; rejects after `timeoutMs`. */
  waitForStatus(names: string[], status: 'UP' | 'DOWN', timeoutMs?: number): Promise<number>;
  /** The folder holding each process's log and data; removed by `stop`. */
  dataDir: string;
  /** Stops everything started, in reverse order, and drops the database. Safe to call twice. */
  stop(): Promise<void>;
}

export interface ClusterSettings {
  instances: number;
  /** How long the load runs, in ms (CLUSTER_DURATION_MS, 60 s by default). */
  loadMs: number;
  /** How many signed-in clients the load has (CLUSTER_CLIENTS, 100 by default). */
  loadClients: number;
  /** The first of the cluster's ports (see PORT_OFFSETS). */
  portBase: number;
  /** A PostgreSQL server URL whose role may create databases. */
  postgresUrl: string;
  redisUrl: string;
  /** Where each run makes its folder (CLUSTER_DATA_DIR); the system's temporary folder else. */
  dataDir?: string;
  /** Settings every instance gets over the cluster's own. */
  instanceEnv?: Record<string, string>;
}

/** Read from the environment with the defaults of a developer's machine (docs/cluster.md). */
export function settingsFromEnv(): ClusterSettings {
  const dataDir = process.env.CLUSTER_DATA_DIR;
  return {
    dataDir,
    instances: Number(process.env.CLUSTER_INSTANCES ?? 3),
    loadMs: Number(process.env.CLUSTER_DURATION_MS ?? 60_000),
    loadClients: Number(process.env.CLUSTER_CLIENTS ?? 100),
    portBase: Number(process.env.CLUSTER_PORT_BASE ?? 3350),
    postgresUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

/** Processes still running when this process exits any other way than through `stop`. */
const orphans = new Set<ChildProcess>();
const killOrphans = () => {
  for (const child of orphans) child.kill('SIGKILL');
};
process.once('exit', killOrphans);
// An interrupted run (Ctrl-C, a CI timeout) takes its processes with it, then ends as the
// signal asks (the handler is gone once it ran, so the signal's default action follows).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    killOrphans();
    process.kill(process.pid, signal);
  });
}

/**
 * Starts the whole cluster. Each step's undo is recorded before the next step starts, so a
 * failure half way stops what had started and drops the database before it rethrows.
 *
 * @throws Error naming what is missing when HAProxy is not installed or PostgreSQL or Redis
 *   cannot be reached, or naming the process that did not become healthy.
 */
export async function startCluster(
  settings: Omit<ClusterSettings, 'loadMs' | 'loadClients'>,
): Promise<Cluster> {
  const undo: (() => Promise<unknown> | unknown)[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const failures: unknown[] = [];
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length) throw new AggregateError(failures, 'the cluster did not stop cleanly');
  };

  try {
    const haproxyBinary = findHaproxy();
    if (!existsSync(serverBundle)) {
      throw new Error(`no ${serverBundle}: pnpm test:cluster runs the built server (pnpm build)`);
    }
    await checkRedis(settings.redisUrl);
    const dataDir = mkdtempSync(
      settings.dataDir ? join(settings.dataDir, 'run-') : join(tmpdir(), 'kith-cluster-'),
    );
    undo.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = (offset: number) => settings.portBase + offset;

    const database = await createDatabase(settings.postgresUrl);
    undo.push(database.drop);

    const mails: ReceivedMail[] = [];
    const mailWaiters = new Set<() => void>();
    const smtp = await startSmtp(port(PORT_OFFSETS.smtp), (mail) => {
      mails.push(mail);
      for (const wake of mailWaiters) wake();
    });
    undo.push(() => new Promise<void>((done) => smtp.close(() => done())));

    const s3Dir = join(dataDir, 's3');
    const s3Server = new S3rver({
      address: '127.0.0.1',
      port: port(PORT_OFFSETS.s3),
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: S3_BUCKET }],
    });
    await s3Server.run();
    undo.push(() => s3Server.close());
    const s3Endpoint = `http://127.0.0.1:${port(PORT_OFFSETS.s3)}`;
    const s3 = createS3ImageStorage({
      bucket: S3_BUCKET,
      region: 'us-east-1',
      endpoint: s3Endpoint,
      ...S3_CREDENTIALS,
    });

    const balancerUrl = `http://127.0.0.1:${port(PORT_OFFSETS.balancer)}`;
    const appSecret = randomBytes(32).toString('base64');
    const instances = Array.from({ length: settings.instances }, (_, i) =>
      kithInstance({
        name: `kith${i + 1}`,
        port: port(PORT_OFFSETS.firstInstance + i),
        dataDir: join(dataDir, `kith${i + 1}`),
        env: {
          NODE_ENV: 'production',
          APP_SECRET: appSecret,
          PUBLIC_URL: balancerUrl,
          DATABASE_URL: database.url,
          REDIS_URL: settings.redisUrl,
          SMTP_URL: `smtp://127.0.0.1:${port(PORT_OFFSETS.smtp)}`,
          MAIL_FROM: 'Kith <no-reply@kith.test>',
          S3_BUCKET,
          S3_ENDPOINT: s3Endpoint,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
          // The balancer connects from 127.0.0.1; clients come from other loopback addresses.
          TRUST_PROXY: '127.0.0.1',
          // On SIGTERM, out of HAProxy's rotation before closing: its checks (every 2 s, then
          // every 0.5 s once one fails, down after two) need up to 2.5 s to mark it down.
          SHUTDOWN_DELAY_MS: '3000',
          SERVE_WEB: 'false',
          LOG_LEVEL: 'warn',
          ...settings.instanceEnv,
        },
      }),
    );
    undo.push(() => Promise.all(instances.map((instance) => instance.stop('SIGKILL'))));
    // The first instance alone, then the others together: on a fresh database, servers that
    // start at the same moment collide in pg-boss's schema and queue creation and the losers
    // exit (docs/cluster.md#known-limits). Once it exists, any number may start together.
    await instances[0]!.start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));

    const statsSocket = join(dataDir, 'haproxy.sock');
    const haproxyConfig = join(dataDir, 'haproxy.cfg');
    writeFileSync(
      haproxyConfig,
      renderHaproxyConfig({
        balancerPort: port(PORT_OFFSETS.balancer),
        statsSocket,
        servers: instances.map((instance) => ({
          name: instance.name,
          address: new URL(instance.baseUrl).host,
        })),
      }),
    );
    const checked = spawnSync(haproxyBinary, ['-c', '-q', '-f', haproxyConfig], {
      encoding: 'utf8',
    });
    if (checked.status !== 0) {
      throw new Error(`haproxy refused ${haproxyConfig}:\n${checked.stderr}${checked.stdout}`);
    }
    const haproxy = spawn(haproxyBinary, ['-db', '-f', haproxyConfig], {
      stdio: ['ignore', 'ignore', openSync(join(dataDir, 'haproxy.log'), 'a')],
    });
    orphans.add(haproxy);
    undo.push(() => stopChild(haproxy, 'SIGTERM'));

    const balancerStats = () => readBalancerStats(statsSocket);
    const waitForStatus = async (names: string[], status: 'UP' | 'DOWN', timeoutMs = 60_000) => {
      const started = Date.now();
      for (;;) {
        const stats = await balancerStats().catch(() => undefined);
        if (stats && names.every((name) => stats.status[name] === status)) {
          return Date.now() - started;
        }
        if (Date.now() - started > timeoutMs) {
          throw new Error(
            `HAProxy did not report ${names.join(', ')} ${status} within ${timeoutMs} ms: ` +
              JSON.stringify(stats?.status),
          );
        }
        await sleep(50);
      }
    };
    await waitForStatus(
      instances.map((instance) => instance.name),
      'UP',
    );

    return {
      balancerUrl,
      instances,
      sql: database.sql,
      databaseUrl: database.url,
      mails,
      waitForMail(match, timeoutMs) {
        return new Promise((done, reject) => {
          const look = () => {
            const found = mails.find(match);
            if (!found) return;
            clearTimeout(timer);
            mailWaiters.delete(look);
            done(found);
          };
          const timer = setTimeout(() => {
            mailWaiters.delete(look);
            reject(new Error(`no such mail within ${timeoutMs} ms; received: ${summary(mails)}`));
          }, timeoutMs);
          mailWaiters.add(look);
          look();
        });
      },
      s3,
      s3Dir,
      balancerStats,
      waitForStatus,
      dataDir,
      stop,
    };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}

function summary(mails: ReceivedMail[]): string {
  return JSON.stringify(mails.map(({ to, subject }) => ({ to, subject })));
}

/** The HAProxy binary: Debian's package puts it in /usr/sbin. */
function findHaproxy(): string {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy', 'haproxy']) {
    const probe = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  throw new Error('pnpm test:cluster needs HAProxy: apt-get install -y haproxy (Debian 12: 2.6)');
}

async function checkRedis(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  await new Promise<void>((done, reject) => {
    const socket = connect(Number(port || 6379), hostname);
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.end('PING\r\n');
      done();
    });
    const fail = () => {
      socket.destroy();
      reject(
        new Error(
          `pnpm test:cluster needs Redis at ${url} (TEST_REDIS_URL) for the shared rate limits`,
        ),
      );
    };
    socket.once('error', fail);
    socket.once('timeout', fail);
  });
}

/** A new database on the server at `serverUrl`, made and dropped with scripts/test-database.mjs. */
async function createDatabase(serverUrl: string) {
  const name = `kith_cluster_${randomBytes(5).toString('hex')}`;
  const script = join(repoRoot, 'scripts/test-database.mjs');
  try {
    await run(process.execPath, [script, 'create', serverUrl, name]);
  } catch (error) {
    throw new Error(
      `pnpm test:cluster could not create a database on ${serverUrl} (TEST_DATABASE_URL): ` +
        `${(error as { stderr?: string }).stderr ?? String(error)}`,
    );
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 4, onnotice: () => {} });
  return {
    url: url.toString(),
    sql,
    async drop() {
      await sql.end({ timeout: 5 });
      await run(process.execPath, [script, 'drop', serverUrl, name]);
    },
  };
}

/** An SMTP server (RFC 5321, no TLS, no auth) that parses each mail and hands it on. */
async function startSmtp(port: number, onMail: (mail: ReceivedMail) => void): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          onMail({
            to: Array.isArray(mail.to)
              ? mail.to.map((t) => t.text).join(', ')
              : (mail.to?.text ?? ''),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            receivedAt: Date.now(),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((done, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => done());
  });
  return server;
}

/**
 * The server as it runs in production: `NODE_ENV=production`, the bundle `pnpm build` makes
 * (`dist/main.js`, what `pnpm start` runs), its output in `<dataDir>/server.log`.
 */
function kithInstance(options: {
  name: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
}): Instance {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  mkdirSync(options.dataDir, { recursive: true });
  const log = join(options.dataDir, 'server.log');
  let child: ChildProcess | undefined;
  const running = () => Boolean(child && child.exitCode === null && child.signalCode === null);
  return {
    name: options.name,
    baseUrl,
    running,
    async start() {
      if (running()) throw new Error(`${options.name} is already running`);
      const started = Date.now();
      const output = openSync(log, 'a');
      const process_ = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
        cwd: serverDir,
        stdio: ['ignore', output, output],
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(options.port),
          DATA_DIR: options.dataDir,
          ...options.env,
        },
      });
      child = process_;
      orphans.add(process_);
      process_.once('exit', () => orphans.delete(process_));
      const exited = new Promise<never>((_, reject) =>
        process_.once('exit', (code, signal) =>
          reject(
            new Error(
              `${options.name} exited (${signal ?? code}) before it was healthy:\n${tail(log)}`,
            ),
          ),
        ),
      );
      exited.catch(() => {});
      await Promise.race([waitForHealth(baseUrl, 120_000), exited]);
      return Date.now() - started;
    },
    async stop(signal = 'SIGTERM') {
      if (child) await stopChild(child, signal);
    },
  };
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill(signal);
  // A process that ignores SIGTERM for 15 s is killed: the run must end.
  const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(force);
  orphans.delete(child);
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitForHealth(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${baseUrl} did not become healthy within ${timeoutMs} ms`);
}

/** cluster/haproxy.cfg with its fields filled in. */
export function renderHaproxyConfig(options: {
  balancerPort: number;
  statsSocket: string;
  servers: { name: string; address: string }[];
}): string {
  const template = readFileSync(join(import.meta.dirname, 'haproxy.cfg'), 'utf8');
  return template
    .replace('{{BALANCER_PORT}}', String(options.balancerPort))
    .replace('{{STATS_SOCKET}}', options.statsSocket)
    .replace(
      '{{SERVERS}}',
      options.servers.map(({ name, address }) => `    server ${name} ${address}`).join('\n'),
    );
}

/** `show stat` over HAProxy's admin socket, as CSV (HAProxy management guide, section 9.3). */
async function readBalancerStats(socketPath: string): Promise<BalancerStats> {
  const csv = await new Promise<string>((done, reject) => {
    const socket = connect(socketPath);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.once('end', () => done(text));
    socket.once('error', reject);
    socket.write('show stat\n');
  });
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const column = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
  const stats: BalancerStats = { status: {}, retries: 0, redispatches: 0 };
  for (const line of rows) {
    const row = line.split(',');
    if (column(row, 'pxname') !== 'instances') continue;
    const server = column(row, 'svname');
    if (server === 'BACKEND') {
      stats.retries = Number(column(row, 'wretr'));
      stats.redispatches = Number(column(row, 'wredis'));
    } else if (server !== 'FRONTEND') {
      stats.status[server] = column(row, 'status');
    }
  }
  return stats;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
