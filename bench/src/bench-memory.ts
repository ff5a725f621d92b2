/**
 * `pnpm bench:memory`: the resident memory (RSS) of one compiled server, idle after its start
 * and idle again after a little use (docs/performance.md#memory). It builds nothing: it runs
 * `apps/server/dist/main.js` (`pnpm build` makes it) with the node flags of the root
 * `pnpm start`, on a free port, once on the embedded database in a fresh DATA_DIR and once on
 * a fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL, an admin connection;
 * without either only PGlite is measured). For each start it waits for /api/health, lets the
 * server sit BENCH_MEMORY_IDLE_S (15) seconds and takes the median of 5 samples of the
 * process's RSS, one a second; then, over HTTP as a person and a phone would: a sign-up with
 * its emailed code, five contacts, the list, a search, an app password and a CardDAV PROPFIND
 * of the book; then the same wait and samples again. Nothing is forced: no GC, no signal.
 *
 * BENCH_MEMORY_SERVERS compares builds: `label=path/to/main.js,label=path/to/main.js` (a copy of
 * dist/ inside apps/server/node_modules/ finds the server's packages), each optionally with
 * its own node flags after a third `=` (`before=old/main.js=--enable-source-maps`); the builds
 * are alternated within each of BENCH_MEMORY_ROUNDS (3) rounds. BENCH_MEMORY_NODE_FLAGS
 * replaces `pnpm start`'s flags (space-separated). BENCH_MEMORY_DB_PREFIX names the databases made
 * (`kith_bench_memory_` and a random suffix; each is dropped after its run). Prints one line
 * per run with the load average beside it, then the medians; writes
 * bench/memory-results.json.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';

const root = resolve(import.meta.dirname, '../..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 3);
const IDLE_MS = Number(process.env.BENCH_MEMORY_IDLE_S ?? 15) * 1000;
const SAMPLES = 5;
const DB_PREFIX = process.env.BENCH_MEMORY_DB_PREFIX ?? 'kith_bench_memory_';
const SECRET = 'bench-memory-secret-that-is-at-least-32-characters';
const log = (line: string) => console.log(`[bench:memory] ${line}`);

type Kind = 'pglite' | 'postgres';

interface Run {
  server: string;
  database: Kind;
  round: number;
  /** Spawn to the first 200 of /api/health, ms. */
  startMs: number;
  /** Median RSS idle after the start, MB. */
  idleMb: number;
  /** Median RSS idle after the little use, MB. */
  usedMb: number;
  load: string;
}

/** The builds compared: BENCH_MEMORY_SERVERS, or the one `pnpm build` made. */
function servers(): { label: string; main: string; flags: string[] }[] {
  const spec = process.env.BENCH_MEMORY_SERVERS;
  if (!spec)
    return [{ label: 'dist', main: join(root, 'apps/server/dist/main.js'), flags: nodeFlags() }];
  return spec.split(',').map((entry) => {
    const [label, path, ...flags] = entry.split('=');
    if (!label || !path) throw new Error(`BENCH_MEMORY_SERVERS: "${entry}" is not label=path`);
    return {
      label,
      // Relative to where the command was typed (pnpm runs the script in bench/).
      main: resolve(process.env.INIT_CWD ?? process.cwd(), path),
      flags: flags.length > 0 ? flags.join('=').split(' ').filter(Boolean) : nodeFlags(),
    };
  });
}

/** The flags between `node` and the script in the root package.json's `start`. */
function nodeFlags(): string[] {
  if (process.env.BENCH_MEMORY_NODE_FLAGS !== undefined) {
    return process.env.BENCH_MEMORY_NODE_FLAGS.split(' ').filter(Boolean);
  }
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = pkg.scripts.start.split(' ').filter(Boolean);
  if (words[0] !== 'node') throw new Error(`pnpm start does not run node: ${pkg.scripts.start}`);
  return words.slice(1, -1);
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** The process's resident set, MB (from /proc: Linux only). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kb / 1024;
}

/** The pids of `pid`'s descendants, so a server that forked something is counted whole. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the table was read.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Waits IDLE_MS, then the median of SAMPLES RSS readings a second apart, MB. */
async function idleRss(pid: number): Promise<number> {
  await sleep(IDLE_MS);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    if (i > 0) await sleep(1000);
    samples.push([pid, ...descendants(pid)].reduce((sum, p) => sum + rssMb(p), 0));
  }
  return median(samples);
}

/** A cookie jar of one: the session cookies the server sets. */
function session(base: string) {
  const cookies = new Map<string, string>();
  return async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

/** The newest verification code mailed to the dev outbox of `dataDir`. */
async function codeFromOutbox(dataDir: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    try {
      for (const file of readdirSync(join(dataDir, 'outbox'))) {
        const message = JSON.parse(readFileSync(join(dataDir, 'outbox', file), 'utf8')) as {
          subject: string;
        };
        const code = /\b(\d{6})\b/.exec(message.subject)?.[1];
        if (code) return code;
      }
    } catch {
      // No outbox folder yet.
    }
    await sleep(100);
  }
  throw new Error('no verification code reached the outbox');
}

const PROPFIND =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>';

/** The little use: sign-up, five contacts, the list, a search, a CardDAV PROPFIND. */
async function use(origin: string, dataDir: string): Promise<void> {
  const call = session(`${origin}/api/v1`);
  const email = 'memory@example.com';
  await call('POST', '/auth/signup', { name: 'Mem Bench', email, password: 'kith-mem-pass-77' });
  const verified = (await call('POST', '/auth/verify', {
    email,
    otp: await codeFromOutbox(dataDir),
  })) as { data: { user: { id: string } } };
  const userId = verified.data.user.id;
  for (const firstName of ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara']) {
    await call('POST', '/contacts', { firstName, lastName: 'Example', phone: '+1 555 0100' });
  }
  const list = (await call('GET', '/contacts')) as { data: unknown[] };
  if (list.data.length !== 5) throw new Error(`the list has ${list.data.length} contacts, not 5`);
  await call('GET', '/search?query=gra');
  const created = (await call('POST', '/app-passwords', { name: 'bench' })) as {
    data: { password: string };
  };
  const res = await fetch(`${origin}/dav/addressbooks/${userId}/contacts/`, {
    method: 'PROPFIND',
    headers: {
      authorization: `Basic ${Buffer.from(`${email}:${created.data.password}`).toString('base64')}`,
      depth: '1',
      'content-type': 'application/xml; charset=utf-8',
    },
    body: PROPFIND,
  });
  const xml = await res.text();
  if (res.status !== 207 || (xml.match(/\.vcf/g) ?? []).length < 5) {
    throw new Error(`PROPFIND: ${res.status} ${xml.slice(0, 300)}`);
  }
}

/** A fresh PostgreSQL database; `drop()` removes it. */
async function freshDatabase() {
  const name = `${DB_PREFIX}${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** One start of `main` on a fresh database of `kind`, measured idle, used, idle. */
async function measure(
  main: string,
  flags: string[],
  kind: Kind,
): Promise<Omit<Run, 'server' | 'round'>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kith-bench-memory-'));
  const database = kind === 'postgres' ? await freshDatabase() : undefined;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...flags, main], {
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      APP_SECRET: SECRET,
      ...(database ? { DATABASE_URL: database.url } : {}),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`${origin}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await sleep(50);
    }
    const startMs = Date.now() - started;
    const idleMb = await idleRss(child.pid!);
    await use(origin, dataDir);
    const usedMb = await idleRss(child.pid!);
    return {
      database: kind,
      startMs,
      idleMb,
      usedMb,
      load: loadavg()
        .map((l) => l.toFixed(1))
        .join(' '),
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds: Kind[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];
if (!adminUrl) log('no BENCH_DATABASE_URL or TEST_DATABASE_URL: PGlite only');
for (const { label, flags } of servers()) log(`${label}: node ${flags.join(' ')} <main.js>`);
log(`idle ${IDLE_MS / 1000} s, then the median of ${SAMPLES} samples`);
const runs: Run[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const { label, main, flags } of servers()) {
    for (const kind of kinds) {
      const run = { server: label, round, ...(await measure(main, flags, kind)) };
      runs.push(run);
      log(
        `round ${round} ${label} ${kind}: idle ${run.idleMb.toFixed(0)} MB, after use ` +
          `${run.usedMb.toFixed(0)} MB, start ${run.startMs} ms (load ${run.load})`,
      );
    }
  }
}
console.log('\n| server | database | idle RSS, MB (each round) | after use, MB | start, ms |');
console.log('| --- | --- | --- | --- | --- |');
for (const { label } of servers()) {
  for (const kind of kinds) {
    const mine = runs.filter((r) => r.server === label && r.database === kind);
    const each = (pick: (r: Run) => number) => mine.map((r) => pick(r).toFixed(0)).join(' / ');
    console.log(
      `| ${label} | ${kind} | ${each((r) => r.idleMb)} | ${each((r) => r.usedMb)} | ${each((r) => r.startMs)} |`,
    );
  }
}
writeFileSync(join(root, 'bench/memory-results.json'), JSON.stringify(runs, null, 2));
