/**
 * Hostile CardDAV and sign-in traffic against the real server process on PostgreSQL, with the
 * production limits and a trusted proxy naming each client's address (docs/request-limits.md,
 * docs/sign-in-throttling.md): deeply nested XML, a PROPFIND naming 100,000 properties, 8 MB
 * bodies from strangers, and a stranger guessing someone's app password and web password.
 * `/api/health` answers within 200 ms throughout, nothing answers 500, and the person's
 * phone and browser keep working.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  healthDuring,
  PASSWORD,
  report,
  serverProcess,
  signedInClients,
  type ServerProcess,
} from './harness';

/** The longest `/api/health` may take while hostile requests run, in ms. */
const HEALTH_BUDGET_MS = 200;
const STRANGER = { 'x-forwarded-for': '203.0.113.66' };
const OWNER = { 'x-forwarded-for': '198.51.100.7' };

let database: Awaited<ReturnType<typeof createDatabase>>;
let server: ServerProcess;
let person: { userId: string; email: string };
let phone = '';
let book = '';

beforeAll(async () => {
  database = await createDatabase();
  server = await serverProcess(database.url, {
    RATE_LIMIT_PER_IP: '100',
    RATE_LIMIT_PER_ACCOUNT: '10',
    TRUST_PROXY: '127.0.0.1',
  });
  await server.start();
  const [signedIn] = await signedInClients(database.sql, server.baseUrl, 1);
  const [row] = await database.sql<{ email: string }[]>`
    select email from users where id = ${signedIn!.userId}`;
  person = { userId: signedIn!.userId, email: row!.email };
  const { password } = await signedIn!.client.appPasswords.create.mutate({ name: 'Phone' });
  phone = basic(person.email, password);
  book = `${server.baseUrl}/dav/addressbooks/${person.userId}/contacts/`;
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

function basic(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
}

async function davCall(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<number> {
  const res = await fetch(url, { method, headers, body });
  await res.arrayBuffer();
  return res.status;
}

/** One request of a burst; `bodyBytes` sends that many bytes of "x" as the body. */
interface BurstRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  bodyBytes?: number;
  body?: string;
}

/**
 * Prepares `requests` in a child process and returns `fire`, which sends them all at once and
 * resolves to each one's status, or 'closed' when the server closed the connection before the
 * client could read an answer. The burst runs in a process of its own so this one stays free
 * to time the health polls (writing 240 MB of bodies from here held this process's own polls
 * for seconds while the server answered health in 14 ms, timed with curl from outside), and
 * the child starts and builds its bodies before `fire`, so its start-up is not timed either.
 */
async function burst(
  requests: BurstRequest[],
): Promise<{ fire(): Promise<(number | 'closed')[]> }> {
  const script = `
    const requests = JSON.parse(process.argv[1]);
    const bodies = requests.map((r) => (r.bodyBytes ? new Uint8Array(r.bodyBytes).fill(0x78) : r.body));
    process.stdout.write('ready\\n');
    process.stdin.once('data', async () => {
      const statuses = await Promise.all(requests.map((r, i) =>
        fetch(r.url, { method: r.method, headers: r.headers, body: bodies[i] }).then(
          async (res) => { await res.arrayBuffer(); return res.status; },
          () => 'closed')));
      process.stdout.write(JSON.stringify(statuses));
      process.exit(0);
    });`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(requests)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  while (!out.includes('ready\n')) await once(child.stdout, 'data');
  return {
    async fire() {
      const exited = once(child, 'exit');
      child.stdin.write('go\n');
      await exited;
      return JSON.parse(out.slice(out.indexOf('ready\n') + 'ready\n'.length)) as (
        number | 'closed'
      )[];
    },
  };
}

describe('hostile WebDAV bodies leave the server responsive', () => {
  it('refuses a 1.75 MB PROPFIND nested 159,000 deep with 400', async () => {
    const depth = 159_000;
    const body = `<d:propfind xmlns:d="DAV:"><d:prop>${'<d:x>'.repeat(depth)}${'</d:x>'.repeat(depth)}</d:prop></d:propfind>`;
    const statuses: number[] = [];
    const figures = await healthDuring(server.baseUrl, async () => {
      for (let i = 0; i < 3; i++) {
        statuses.push(
          await davCall('PROPFIND', book, { authorization: phone, ...OWNER, depth: '0' }, body),
        );
      }
    });
    report('hostile: 3 PROPFINDs nested 159,000 deep (1.75 MB each)', {
      ...figures,
      bytes: body.length,
    });
    expect(statuses).toEqual([400, 400, 400]);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('refuses a PROPFIND naming 100,000 properties with 413', async () => {
    const props = Array.from({ length: 100_000 }, (_, i) => `<d:p${i}/>`).join('');
    const body = `<d:propfind xmlns:d="DAV:"><d:prop>${props}</d:prop></d:propfind>`;
    const statuses: number[] = [];
    const figures = await healthDuring(server.baseUrl, async () => {
      for (let i = 0; i < 3; i++) {
        statuses.push(
          await davCall('PROPFIND', book, { authorization: phone, ...OWNER, depth: '1' }, body),
        );
      }
    });
    report('hostile: 3 PROPFINDs naming 100,000 properties', { ...figures, bytes: body.length });
    expect(statuses).toEqual([413, 413, 413]);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('answers 30 strangers sending 8 MB bodies at once without reading them', async () => {
    // The server answers before the body is read and closes the connection, so a client that
    // keeps writing may see the connection closed (EPIPE) rather than the answer: both count.
    const bodyBytes = 8 * 1024 * 1024 - 1024;
    let statuses: (number | 'closed')[] = [];
    const strangers = await burst([
      ...Array.from({ length: 15 }, (_, i) => ({
        url: `${book}${i}.vcf`,
        method: 'PUT',
        headers: STRANGER,
        bodyBytes,
      })),
      ...Array.from({ length: 15 }, () => ({
        url: `${server.baseUrl}/api/trpc/auth.login`,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...STRANGER },
        bodyBytes,
      })),
    ]);
    const figures = await healthDuring(server.baseUrl, async () => {
      statuses = await strangers.fire();
    });
    report('hostile: 30 strangers sending 8 MB bodies', {
      ...figures,
      closed: statuses.filter((s) => s === 'closed').length,
    });
    expect(statuses.slice(0, 15).every((s) => s === 401 || s === 'closed')).toBe(true);
    expect(statuses.slice(15).every((s) => s === 413 || s === 'closed')).toBe(true);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });
});

describe('a stranger guessing cannot lock the person out', () => {
  const wrongPhone = () => basic(person.email, 'aaaa-bbbb-cccc-dddd');
  const login = (headers: Record<string, string>, password: string) =>
    fetch(`${server.baseUrl}/api/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ json: { email: person.email, password } }),
    }).then(async (res) => {
      await res.arrayBuffer();
      return res;
    });

  beforeAll(async () => {
    // The server has served one request at a time so far: a first burst of any kind would
    // also open its database connections and compile its paths, which is not what is timed.
    const warmUp = await burst(
      Array.from({ length: 40 }, () => ({
        url: book,
        method: 'PROPFIND',
        headers: { authorization: phone, ...OWNER, depth: '0' },
      })),
    );
    await warmUp.fire();
  });

  it('keeps the phone syncing through a stranger’s burst of 40 wrong app passwords', async () => {
    const guesses = await burst(
      Array.from({ length: 40 }, () => ({
        url: book,
        method: 'PROPFIND',
        headers: { authorization: wrongPhone(), ...STRANGER, depth: '0' },
      })),
    );
    let stranger: (number | 'closed')[] = [];
    const owner: number[] = [];
    const figures = await healthDuring(server.baseUrl, async () => {
      stranger = await guesses.fire();
      for (let i = 0; i < 5; i++) {
        owner.push(await davCall('PROPFIND', book, { authorization: phone, ...OWNER, depth: '0' }));
      }
    });
    report('hostile: a stranger’s 40 wrong app passwords in one burst', figures);
    // 40 of the per-IP budget of 100: each checked, none a lockout of the account.
    expect(stranger.every((s) => s === 401)).toBe(true);
    expect(owner).toEqual([207, 207, 207, 207, 207]);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });

  it('keeps the person’s browser signing in through a stranger’s burst of 15 wrong passwords', async () => {
    const browser = await login(OWNER, PASSWORD);
    expect(browser.status).toBe(200);
    const deviceCookie = browser.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((cookie) => cookie.startsWith('known_device='))!;
    expect(deviceCookie).toBeDefined();
    const guesses = await burst(
      Array.from({ length: 15 }, () => ({
        url: `${server.baseUrl}/api/trpc/auth.login`,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...STRANGER },
        body: JSON.stringify({ json: { email: person.email, password: 'wrong-guess-1' } }),
      })),
    );
    let stranger: (number | 'closed')[] = [];
    let owner = 0;
    let newBrowser = 0;
    const figures = await healthDuring(server.baseUrl, async () => {
      stranger = await guesses.fire();
      owner = (await login({ cookie: deviceCookie, ...OWNER }, PASSWORD)).status;
      newBrowser = (await login(OWNER, PASSWORD)).status;
    });
    const refused = stranger.filter((s) => s === 429).length;
    report('hostile: a stranger’s 15 wrong web passwords in one burst', {
      ...figures,
      strangerRefused: refused,
    });
    // The account's budget for unknown clients (10) is spent: the stranger, and any browser
    // the account never signed in from, wait; the person's own browser signs in.
    expect(stranger.filter((s) => s === 401)).toHaveLength(10);
    expect(refused).toBe(5);
    expect(owner).toBe(200);
    expect(newBrowser).toBe(429);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });
});
