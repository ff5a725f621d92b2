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
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
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

/**
 * Sends `requests` all at once from a child process and returns each one's status, or
 * 'closed' when the server closed the connection before the client could read an answer.
 * The burst runs in a process of its own so this one stays free to time the health polls:
 * writing 240 MB of bodies from here held this process's own polls for seconds while the
 * server answered health in 14 ms (timed with curl from outside).
 */
async function burst(
  requests: {
    url: string;
    method: string;
    headers: Record<string, string>;
    bodyBytes?: number;
    body?: string;
  }[],
): Promise<(number | 'closed')[]> {
  const script = `
    const requests = JSON.parse(process.argv[1]);
    const statuses = await Promise.all(requests.map((r) => {
      const body = r.bodyBytes ? new Uint8Array(r.bodyBytes).fill(0x78) : r.body;
      return fetch(r.url, { method: r.method, headers: r.headers, body }).then(
        async (res) => { await res.arrayBuffer(); return res.status; },
        () => 'closed');
    }));
    process.stdout.write(JSON.stringify(statuses));`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(requests)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await once(child, 'exit');
  return JSON.parse(out) as (number | 'closed')[];
}

/**
 * One `/api/health` call on a connection of its own (node:http, no pool): the hostile
 * requests fill fetch's connection pool, and a poll queued behind them would time the pool.
 */
function healthStatus(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.baseUrl}/api/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

/**
 * Runs `hostile` while polling `/api/health` every 20 ms; returns the slowest health answer
 * and how long the hostile requests took, in ms.
 */
async function healthDuring(hostile: () => Promise<unknown>) {
  const latencies: number[] = [];
  let running = true;
  const poll = (async () => {
    while (running) {
      const started = performance.now();
      expect(await healthStatus()).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  await hostile();
  const hostileMs = Math.round(performance.now() - started);
  running = false;
  await poll;
  return {
    slowestHealthMs: Math.round(Math.max(...latencies)),
    polls: latencies.length,
    hostileMs,
  };
}

describe('hostile WebDAV bodies leave the server responsive', () => {
  it('refuses a 1.75 MB PROPFIND nested 159,000 deep with 400', async () => {
    const depth = 159_000;
    const body = `<d:propfind xmlns:d="DAV:"><d:prop>${'<d:x>'.repeat(depth)}${'</d:x>'.repeat(depth)}</d:prop></d:propfind>`;
    const statuses: number[] = [];
    const figures = await healthDuring(async () => {
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
    const figures = await healthDuring(async () => {
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
    const figures = await healthDuring(async () => {
      statuses = await burst([
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
  it('keeps the phone syncing and the browser signing in through a stranger’s burst of guesses', async () => {
    const browser = await fetch(`${server.baseUrl}/api/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...OWNER },
      body: JSON.stringify({ json: { email: person.email, password: PASSWORD } }),
    });
    await browser.arrayBuffer();
    expect(browser.status).toBe(200);
    const deviceCookie = browser.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((cookie) => cookie.startsWith('known_device='))!;
    expect(deviceCookie).toBeDefined();

    // The server has served one request at a time so far: a first burst of any kind would
    // also open its database connections and compile its paths, which is not what is timed.
    await burst(
      Array.from({ length: 40 }, () => ({
        url: book,
        method: 'PROPFIND',
        headers: { authorization: phone, ...OWNER, depth: '0' },
      })),
    );
    const wrongPhone = basic(person.email, 'aaaa-bbbb-cccc-dddd');
    let stranger: number[] = [];
    const owner: number[] = [];
    const figures = await healthDuring(async () => {
      stranger = (await burst([
        ...Array.from({ length: 40 }, () => ({
          url: book,
          method: 'PROPFIND',
          headers: { authorization: wrongPhone, ...STRANGER, depth: '0' },
        })),
        ...Array.from({ length: 15 }, () => ({
          url: `${server.baseUrl}/api/trpc/auth.login`,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...STRANGER },
          body: JSON.stringify({ json: { email: person.email, password: 'wrong-guess-1' } }),
        })),
      ])) as number[];
      for (let i = 0; i < 5; i++) {
        owner.push(await davCall('PROPFIND', book, { authorization: phone, ...OWNER, depth: '0' }));
      }
      const again = await fetch(`${server.baseUrl}/api/trpc/auth.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: deviceCookie, ...OWNER },
        body: JSON.stringify({ json: { email: person.email, password: PASSWORD } }),
      });
      await again.arrayBuffer();
      owner.push(again.status);
    });
    const refused = stranger.filter((s) => s === 429).length;
    report('hostile: a stranger’s 40 app-password and 15 web guesses', {
      ...figures,
      strangerRefused: refused,
      strangerChecked: stranger.length - refused,
    });
    expect(stranger.slice(0, 40).every((s) => s === 401)).toBe(true);
    expect(stranger.slice(40).filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(stranger.every((s) => s === 401 || s === 429)).toBe(true);
    expect(owner).toEqual([207, 207, 207, 207, 207, 200]);
    expect(figures.slowestHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  });
});
