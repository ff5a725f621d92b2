/**
 * Graceful shutdown (docs/deployment.md, "How the process works"): SIGTERM while 50 people create
 * contacts through the SDK, against the compiled server (`dist/main.js`, what `pnpm start`
 * runs), on the embedded database and on PostgreSQL. The process stops taking requests at once,
 * finishes those in flight and exits 0 within the drain bound; every contact the server
 * acknowledged is there after a restart on the same data; the embedded database was shut down
 * cleanly (no recovery at the next start); and a request sent after the signal is refused
 * promptly (connection refused or 503), never left hanging.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@kith/db';
import { isContactsApiError, type ContactsClient } from '@kith/client';
import { afterEach, expect, it } from 'vitest';
import {
  createDatabase,
  insertVerifiedUsers,
  PASSWORD,
  report,
  serverProcess,
  signIn,
  type ServerProcess,
} from './harness';

const CLIENTS = 50;
/** How long shutdown may take, signal to exit, in ms (apps/server/src/main.ts). */
const DRAIN_BOUND_MS = 10_000;
/** Writing before the signal, in ms: every client has calls in flight by then. */
const LOAD_BEFORE_SIGNAL_MS = 2_000;
/**
 * A call started this long before the signal had reached the server, which must answer it
 * (the drain), in ms. Calls sent just before the signal may meet a kept-alive connection the
 * server is closing as idle, as HTTP allows (RFC 9112 §9.6): the client sees it closed.
 */
const IN_FLIGHT_MS = 250;
/** After the signal, by when the server refuses every new call, in ms. */
const REFUSING_AFTER_MS = 1_000;
/** A refusal's longest wait, in ms: it is an answer at once, never a hang. */
const REFUSAL_MS = 2_000;
/** The slow browser's create starts this long before the signal, and ends as long after. */
const SLOW_HEAD_START_MS = 500;

interface Call {
  client: number;
  startedAt: number;
  endedAt: number;
  /** 200, the error's HTTP status, or 0 when no answer came (refused, closed, timed out). */
  status: number;
  code: string;
  /** The contact's id when the server acknowledged the create. */
  id?: string;
}

/** The PostgreSQL state names by `DBState` value (PostgreSQL's src/include/catalog/pg_control.h). */
const CLUSTER_STATES = [
  'starting up',
  'shut down',
  'shut down in recovery',
  'shutting down',
  'in crash recovery',
  'in archive recovery',
  'in production',
];

/**
 * The cluster state the embedded database's control file records, as `pg_controldata` prints
 * it: `shut down` after a clean stop, `in production` while open or after a crash (the next
 * start then replays the write-ahead log: "database system was not properly shut down").
 * `DBState` is the 4 bytes after the system identifier (8) and two versions (4 + 4).
 */
function clusterState(dataDir: string): string {
  const control = readFileSync(join(dataDir, 'pglite/global/pg_control'));
  return CLUSTER_STATES[control.readUInt32LE(16)] ?? `unknown (${control.readUInt32LE(16)})`;
}

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

it('stops cleanly on SIGTERM under writes on the embedded database', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kith-shutdown-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  // The accounts go in before the server opens the folder (PGlite has one opener at a time).
  const seed = await createDb({ pgliteDir: join(dataDir, 'pglite') });
  const users = await insertVerifiedUsers(
    async (text, values) => (await seed.executeSql(text, values)).rows,
    CLIENTS,
  );
  await seed.close();
  const server = await serverProcess(undefined, {}, { compiled: true, dataDir });
  cleanups.push(() => server.stop('SIGKILL'));
  await server.start();

  await checkShutdown('embedded', server, users, () => clusterState(dataDir));
}, 240_000);

it('stops cleanly on SIGTERM under writes on PostgreSQL', async () => {
  const database = await createDatabase();
  cleanups.push(() => database.drop());
  const server = await serverProcess(database.url, {}, { compiled: true });
  cleanups.push(() => server.stop('SIGKILL'));
  await server.start();
  const users = await insertVerifiedUsers(
    (text, values) => database.sql.unsafe(text, values as never[]),
    CLIENTS,
  );

  await checkShutdown('postgres', server, users);
}, 240_000);

it('exits 1 at once on a second signal, with work still in flight', async () => {
  const database = await createDatabase();
  cleanups.push(() => database.drop());
  const server = await serverProcess(database.url, {}, { compiled: true });
  cleanups.push(() => server.stop('SIGKILL'));
  await server.start();
  const [user] = await insertVerifiedUsers(
    (text, values) => database.sql.unsafe(text, values as never[]),
    1,
  );
  const browser = await slowBrowser(server.baseUrl, user!.email);
  // A request whose body takes 5 s keeps the drain waiting.
  const slow = browser.create(5_000);
  await new Promise((r) => setTimeout(r, 300));
  const first = server.stop('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  const second = server.signal('SIGTERM');
  const exit = await first;
  await slow;
  expect(second).toBe(true);
  expect(exit).toMatchObject({ code: 1, signal: null });
  expect(exit!.ms).toBeLessThan(2_000);
}, 120_000);

/**
 * Writes from every client, sends SIGTERM, keeps sending for a while, then starts the server
 * again on the same data and checks everything this file's header promises.
 */
async function checkShutdown(
  name: string,
  server: ServerProcess,
  users: { id: string; email: string }[],
  /** The embedded database's cluster state, read once the process has exited. */
  clusterStateNow?: () => string,
): Promise<void> {
  const people: { client: ContactsClient }[] = await signIn(server.baseUrl, users, 15_000);
  // One more person whose browser sends a create just before the signal, its body arriving
  // after it, and then keeps the connection open and idle, as browsers do.
  const browser = await slowBrowser(server.baseUrl, users[0]!.email);
  const calls: Call[] = [];
  let signalAt = Number.POSITIVE_INFINITY;
  let exited = false;
  const writers = people.map(async ({ client }, index) => {
    // Until the process is gone, the refusals after it seen, and this client refused again.
    for (let refusedAfterExit = false; !refusedAfterExit;) {
      const startedAt = Date.now();
      const call: Call = { client: index, startedAt, endedAt: 0, status: 200, code: 'OK' };
      try {
        const contact = await client.contacts.create.mutate({
          givenName: 'Shut',
          familyName: `Down ${index}-${calls.length}`,
          phones: [{ value: '+1 555 0100', type: '' }],
        });
        call.id = contact.id;
      } catch (error) {
        call.status = isContactsApiError(error) ? error.status : 0;
        call.code = isContactsApiError(error) ? error.code : String(error);
        refusedAfterExit = exited;
        // Refused: try again soon, as a person's app would, without spinning.
        await new Promise((r) => setTimeout(r, 50));
      }
      call.endedAt = Date.now();
      calls.push(call);
    }
  });

  await new Promise((r) => setTimeout(r, LOAD_BEFORE_SIGNAL_MS - SLOW_HEAD_START_MS));
  const slow = browser.create(2 * SLOW_HEAD_START_MS);
  await new Promise((r) => setTimeout(r, SLOW_HEAD_START_MS));
  signalAt = Date.now();
  const exit = await server.stop('SIGTERM');
  const stateAfterExit = clusterStateNow?.();
  await new Promise((r) => setTimeout(r, signalAt + REFUSING_AFTER_MS + 1_000 - Date.now()));
  exited = true;
  await Promise.all(writers);
  const slowAnswer = await slow;

  const acknowledged = calls.filter((call) => call.id !== undefined);
  const inFlight = calls.filter(
    (call) => call.startedAt <= signalAt - IN_FLIGHT_MS && call.endedAt > signalAt,
  );
  const afterSignal = calls.filter((call) => call.startedAt >= signalAt + REFUSING_AFTER_MS);
  const refusals = afterSignal.map((call) => `${call.status} ${call.code}`);

  // Started again on the same data: every acknowledged contact is there.
  const restartMs = await server.start();
  const stored = new Set<string>();
  for (const { client } of people) {
    const page = await client.contacts.list.query({ limit: null });
    for (const contact of page.items) stored.add(contact.id);
  }
  const lost = acknowledged.filter((call) => !stored.has(call.id!));
  const slowStored = slowAnswer.id !== undefined && stored.has(slowAnswer.id);
  await server.stop();

  report(`graceful shutdown (${name})`, {
    clients: people.length,
    acknowledgedWrites: acknowledged.length,
    inFlightAtSignal: inFlight.length,
    exitCode: String(exit?.code),
    exitMs: exit?.ms ?? -1,
    callsAfterSignal: afterSignal.length,
    slowestRefusalMs: Math.max(0, ...afterSignal.map((call) => call.endedAt - call.startedAt)),
    lostWrites: lost.length,
    slowCreate: `${slowAnswer.status}${slowStored ? ', stored' : ''}${slowAnswer.error ?? ''}`,
    restartMs,
    ...(stateAfterExit ? { clusterStateAfterExit: stateAfterExit } : {}),
  });

  expect(exit).toMatchObject({ code: 0, signal: null });
  expect(exit!.ms).toBeLessThan(DRAIN_BOUND_MS);
  // Closed with its shutdown checkpoint: the next start replays nothing.
  if (clusterStateNow) expect(stateAfterExit).toBe('shut down');
  // The drain: calls the server had when the signal came were answered, not cut off (the slow
  // browser's create is always one; on a quiet machine the writers' calls may all be quicker).
  expect(inFlight.filter((call) => call.status !== 200)).toEqual([]);
  expect(lost).toEqual([]);
  expect(slowAnswer.status).toBe(200);
  expect(slowStored).toBe(true);
  // After the signal: refused (no answer: the connection refused; or 503), and at once.
  expect(afterSignal.length).toBeGreaterThanOrEqual(people.length);
  expect(new Set(refusals).size).toBeGreaterThan(0);
  for (const refusal of new Set(refusals)) expect(refusal).toMatch(/^(0 NETWORK_ERROR|503 )/);
  expect(afterSignal.filter((call) => call.endedAt - call.startedAt > REFUSAL_MS)).toEqual([]);
}

/**
 * A browser signed in as `email` over a kept-alive connection of its own (node:http's agent,
 * which keeps connections as browsers do). `create(gapMs)` sends `contacts.create` with the
 * request's head and half its body at once and the rest `gapMs` later, and answers the status
 * and the new contact's id; the connection then stays open and idle until the server closes it.
 */
async function slowBrowser(baseUrl: string, email: string) {
  const login = await fetch(`${baseUrl}/api/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: { email, password: PASSWORD } }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const body = Buffer.from(
    JSON.stringify({
      json: {
        givenName: 'Slow',
        familyName: 'Upload',
        phones: [{ value: '+1 555 0199', type: '' }],
      },
    }),
  );
  const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
  const create = (gapMs: number) =>
    new Promise<{ status: number; id?: string; error?: string }>((resolve) => {
      const req = request(
        `${baseUrl}/api/trpc/contacts.create`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': body.length, cookie },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            const parsed = JSON.parse(text) as { result?: { data?: { json?: { id?: string } } } };
            resolve({ status: res.statusCode ?? 0, id: parsed.result?.data?.json?.id });
          });
        },
      );
      req.on('error', (error) => resolve({ status: 0, error: error.message }));
      req.flushHeaders();
      req.write(body.subarray(0, body.length / 2));
      setTimeout(() => req.end(body.subarray(body.length / 2)), gapMs);
    });
  return { create };
}
