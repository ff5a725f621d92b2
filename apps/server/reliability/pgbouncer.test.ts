/**
 * Behind PgBouncer in transaction mode (docs/deployment.md#behind-pgbouncer): two real servers
 * reach PostgreSQL through a PgBouncer of this test's own, which gives each transaction
 * whichever of three server connections is free. One server has a direct URL for migrations
 * and LISTEN, the other has none. First the two ways of migrating run at once on the empty
 * database (one must wait for the other's lock); then several people sign up, sign in, write,
 * read and search contacts, sync over CardDAV, and end sessions, on both servers at the same
 * time: every call must answer as it does without a pooler.
 *
 * Needs the `pgbouncer` binary (Debian: `apt-get install pgbouncer`); PGBOUNCER names another.
 * KITH_SKIP_PGBOUNCER=1 leaves the test out on purpose. PGBOUNCER_TEST_PORT picks the first of
 * three consecutive ports (PgBouncer, then the two servers); free ones are found otherwise.
 * PGBOUNCER_TEST_WITHOUT_SETTING=1 starts the servers without DATABASE_POOL_MODE, to see what
 * the setting prevents.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { createDb } from '@kith/db';
import { createContactsClient, isContactsApiError } from '@kith/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, freePort, PASSWORD, report, waitForHealth } from './harness';

const serverDir = resolve(import.meta.dirname, '..');
/** People working at once, half on each server. */
const PEOPLE = 8;
/** Contacts each person writes. */
const CONTACTS_EACH = 6;
/** PgBouncer's server connections to PostgreSQL: far fewer than the servers' 20 clients. */
const SERVER_CONNECTIONS = 3;
/** How long a revoked session may keep working, in ms: a notification, not the cache's 10 s. */
const REVOCATION_MS = 3_000;

const skip = process.env.KITH_SKIP_PGBOUNCER === '1';
const withoutSetting = process.env.PGBOUNCER_TEST_WITHOUT_SETTING === '1';

/** The pgbouncer binary: PGBOUNCER, else on PATH or in /usr/sbin (Debian's package). */
function findPgbouncer(): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  const candidates = process.env.PGBOUNCER
    ? [process.env.PGBOUNCER]
    : dirs.map((dir) => join(dir, 'pgbouncer'));
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'The PgBouncer test needs the pgbouncer binary: apt-get install pgbouncer ' +
        '(or set PGBOUNCER to its path, or KITH_SKIP_PGBOUNCER=1 to leave this test out)',
    );
  }
  return found;
}

interface Pooler {
  port: number;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode on `port`, in front of the PostgreSQL of `target`, trusting
 * every user as the test's PostgreSQL does. PgBouncer refuses to run as root, so under root it
 * runs as `nobody`, which is given its folder.
 */
async function startPgbouncer(target: URL, port: number): Promise<Pooler> {
  const binary = findPgbouncer();
  const dir = mkdtempSync(join(tmpdir(), 'kith-pgbouncer-'));
  const user = decodeURIComponent(target.username || userInfo().username);
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${SERVER_CONNECTIONS}`,
      'max_client_conn = 200',
      // As operators are told to (docs/deployment.md#behind-pgbouncer), so that a server
      // without the setting fails on what the setting is about, not at its first connection.
      'ignore_startup_parameters = statement_timeout',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    for (const file of ['', 'users.txt', 'pgbouncer.ini']) chownSync(join(dir, file), 65534, 65534);
  }
  const child = spawn(binary, [join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', String(port)]);
    if (probe.status === 0) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = existsSync(join(dir, 'pgbouncer.log'))
        ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8')
        : '';
      throw new Error(`PgBouncer did not start on port ${port}: ${stderr}${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Server {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The real server (`src/main.ts`) on `port`, its data folder its own (the mail outbox). */
async function startServer(port: number, settings: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kith-pgbouncer-server-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    // Its error log (LOG_LEVEL=error) shows what the database said when a call fails.
    stdio: ['ignore', 'inherit', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_ACCOUNT: '100000',
      ...settings,
    },
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise((done) => child.once('exit', done));
  await Promise.race([
    waitForHealth(baseUrl),
    exited.then(() => {
      throw new Error(`the server on port ${port} stopped at start: ${output.slice(-2000)}`);
    }),
  ]);
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The sign-up code mailed to `email`, from the server's dev outbox (README: SMTP_URL). */
async function signUpCode(dataDir: string, email: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = existsSync(outbox) ? readdirSync(outbox) : [];
    for (const file of files) {
      const message = JSON.parse(readFileSync(join(outbox, file), 'utf8')) as {
        to: string;
        subject: string;
      };
      const code = message.to === email ? /\b(\d{6})\b/.exec(message.subject)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-up code for ${email} in ${outbox}`);
}

/** What went wrong in a call, for the failure message: status and the server's words. */
function describeError(error: unknown): string {
  if (isContactsApiError(error)) return `${error.status}: ${error.message}`;
  return String(error);
}

let database: Awaited<ReturnType<typeof createDatabase>>;
let pooler: Pooler;
const servers: Server[] = [];

describe.skipIf(skip)('behind PgBouncer in transaction mode', () => {
  beforeAll(async () => {
    database = await createDatabase();
    const first = Number(process.env.PGBOUNCER_TEST_PORT) || 0;
    const ports = first
      ? [first, first + 1, first + 2]
      : [await freePort(), await freePort(), await freePort()];
    pooler = await startPgbouncer(new URL(database.url), ports[0]!);
    const pooled = new URL(database.url);
    pooled.hostname = '127.0.0.1';
    pooled.port = String(pooler.port);
    const poolMode: Record<string, string> = withoutSetting
      ? {}
      : { DATABASE_POOL_MODE: 'transaction' };
    const direct: Record<string, string> = withoutSetting
      ? {}
      : { DATABASE_DIRECT_URL: database.url };
    // Both migrate an empty database at once: one under the direct URL's session lock, the
    // other through PgBouncer in one transaction; the two locks are the same lock.
    await Promise.all([
      createDb({ databaseUrl: database.url, poolMode: 'session' }).then((db) => db.close()),
      createDb({ databaseUrl: pooled.toString(), poolMode: 'transaction' }).then((db) =>
        db.close(),
      ),
    ]);
    // One after the other: two servers starting pg-boss at the same moment on a database it
    // has not set up yet may collide on its schema, a race of its own.
    servers.push(
      await startServer(ports[1]!, { DATABASE_URL: pooled.toString(), ...poolMode, ...direct }),
    );
    servers.push(await startServer(ports[2]!, { DATABASE_URL: pooled.toString(), ...poolMode }));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await pooler?.stop();
    await database?.drop();
  });

  it('signs people up and in, writes, reads, searches and syncs on both servers at once', async () => {
    const failures: string[] = [];
    const attempt = async <T>(what: string, call: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await call();
      } catch (error) {
        failures.push(`${what}: ${describeError(error)}`);
        return undefined;
      }
    };
    const run = randomBytes(3).toString('hex');
    const started = performance.now();
    const people = await Promise.all(
      Array.from({ length: PEOPLE }, async (_, i) => {
        const server = servers[i % 2]!;
        const email = `pooled-${run}-${i}@example.com`;
        const newcomer = createContactsClient({ baseUrl: server.baseUrl, retries: 0 });
        await attempt(`sign-up ${i}`, () =>
          newcomer.auth.signup.mutate({ name: `Pooled Person ${i}`, email, password: PASSWORD }),
        );
        const otp = await signUpCode(server.dataDir, email);
        await attempt(`verify ${i}`, () => newcomer.auth.verify.mutate({ email, otp }));
        // A second device signs in with the password, on the same server.
        const client = createContactsClient({ baseUrl: server.baseUrl, retries: 0 });
        await attempt(`sign-in ${i}`, () =>
          client.auth.login.mutate({ email, password: PASSWORD }),
        );

        const ids: string[] = [];
        for (let n = 0; n < CONTACTS_EACH; n++) {
          const created = await attempt(`create ${i}.${n}`, () =>
            client.contacts.create.mutate({
              givenName: `Marisol${n}`,
              familyName: `Pooled${i}`,
              phones: [{ value: `+1 555 010 ${String(i * 100 + n).padStart(4, '0')}`, type: '' }],
            }),
          );
          if (created) ids.push(created.id);
        }
        for (const id of ids.slice(0, 3)) {
          await attempt(`update ${i}`, () =>
            client.contacts.update.mutate({ id, org: 'Harbour Office' }),
          );
          const read = await attempt(`read ${i}`, () => client.contacts.byId.query({ id }));
          if (read && read.org !== 'Harbour Office') failures.push(`read ${i}: org ${read.org}`);
        }
        await attempt(`trash ${i}`, () => client.trash.add.mutate({ id: ids.at(-1)! }));
        const found = await attempt(`search ${i}`, () =>
          client.search.contacts.query({ query: 'Marisol' }),
        );
        const list = await attempt(`list ${i}`, () => client.contacts.list.query({ limit: 100 }));
        return { i, email, server, newcomer, client, found, list };
      }),
    );
    const workMs = Math.round(performance.now() - started);

    expect(failures).toEqual([]);
    for (const person of people) {
      // Their own five live contacts, never another's: each transaction on a borrowed connection.
      expect(person.list?.items.map((c) => c.familyName)).toEqual(
        Array(CONTACTS_EACH - 1).fill(`Pooled${person.i}`),
      );
      expect(JSON.stringify(person.found)).toContain(`Pooled${person.i}`);
    }

    // A phone syncs the book over CardDAV, on each server.
    for (const person of people.slice(0, 2)) {
      const { password } = await person.client.appPasswords.create.mutate({ name: 'Phone' });
      const [user] = await database.sql<{ id: string }[]>`
        select id from users where email = ${person.email}`;
      const res = await fetch(`${person.server.baseUrl}/dav/addressbooks/${user!.id}/contacts/`, {
        method: 'REPORT',
        headers: {
          authorization: `Basic ${Buffer.from(`${person.email}:${password}`).toString('base64')}`,
          'content-type': 'application/xml',
          depth: '1',
        },
        body: '<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/><c:address-data/></d:prop></d:sync-collection>',
      });
      const text = await res.text();
      expect(res.status, text.slice(0, 300)).toBe(207);
      expect(text.match(/BEGIN:VCARD/g)?.length).toBe(CONTACTS_EACH - 1);
    }
    report('pgbouncer: sign-up, sign-in and contact work through transaction pooling', {
      people: PEOPLE,
      serverConnections: SERVER_CONNECTIONS,
      workMs,
    });

    // Signing out elsewhere ends a session at once on both servers: on the first by the
    // notification its direct connection hears, on the second because it asks every call.
    for (const person of people.slice(0, 2)) {
      await person.client.contacts.list.query({ limit: 1 });
      await person.newcomer.account.revokeOtherSessions.mutate();
      const revokedAt = Date.now();
      let status = 200;
      while (Date.now() - revokedAt < REVOCATION_MS) {
        status = await person.client.contacts.list.query({ limit: 1 }).then(
          () => 200,
          (error: unknown) => (isContactsApiError(error) ? error.status : 0),
        );
        if (status === 403) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // A session that ended answers 403, as a token the server no longer honours.
      expect(status, `the revoked session on ${person.server.baseUrl}`).toBe(403);
    }
  });
});
