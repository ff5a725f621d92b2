/**
 * Database outage (docs/reliability.md): PostgreSQL goes away during traffic (a proxy between
 * server and database drops every connection and refuses new ones). The API answers 503 with a
 * clear message, promptly, without crashing, and recovers by itself when the database returns.
 */
import { DATABASE_UNAVAILABLE_MESSAGE } from '@kith/api';
import { isContactsApiError } from '@kith/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createDatabase,
  report,
  serverProcess,
  signedInClients,
  tcpProxy,
  type ServerProcess,
  type TcpProxy,
} from './harness';

const CLIENTS = 10;
const OUTAGE_MS = 6_000;
/** The database connect timeout plus room: no call may hang longer than this, in ms. */
const MAX_ANSWER_MS = 8_000;

interface Answer {
  startedAt: number;
  endedAt: number;
  status: number;
  message: string;
}

let database: Awaited<ReturnType<typeof createDatabase>>;
let proxy: TcpProxy;
let server: ServerProcess;

beforeAll(async () => {
  database = await createDatabase();
  const target = new URL(database.url);
  proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  server = await serverProcess(proxied.toString());
  await server.start();
});

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await database?.drop();
});

it('answers 503 with a clear message while the database is away, and recovers by itself', async () => {
  const people = await signedInClients(database.sql, server.baseUrl, CLIENTS);
  const answers: Answer[] = [];
  let running = true;
  const traffic = Promise.all(
    people.map(async ({ client }) => {
      while (running) {
        const startedAt = Date.now();
        let status = 200;
        let message = '';
        try {
          await client.contacts.create.mutate({
            givenName: 'Out',
            familyName: 'Age',
            phones: [{ value: '1', type: '' }],
          });
          await client.contacts.list.query({ limit: 20 });
        } catch (error) {
          status = isContactsApiError(error) ? error.status : 0;
          message = (error as Error).message;
        }
        answers.push({ startedAt, endedAt: Date.now(), status, message });
        if (status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );

  await new Promise((r) => setTimeout(r, 2_000));
  const cutAt = Date.now();
  await proxy.cut();
  await new Promise((r) => setTimeout(r, OUTAGE_MS / 2));
  const health = await fetch(`${server.baseUrl}/api/health`);
  const healthBody = (await health.json()) as { message?: string };
  await new Promise((r) => setTimeout(r, OUTAGE_MS / 2));
  const restoredAt = Date.now();
  await proxy.restore();
  await new Promise((r) => setTimeout(r, 6_000));
  running = false;
  await traffic;

  const duringOutage = answers.filter((a) => a.startedAt > cutAt && a.endedAt < restoredAt);
  const afterRestore = answers.filter((a) => a.startedAt > restoredAt);
  const firstSuccessAfter = afterRestore.find((a) => a.status === 200);
  const recoveredMs = firstSuccessAfter ? firstSuccessAfter.endedAt - restoredAt : -1;
  const slowest = Math.max(...answers.map((a) => a.endedAt - a.startedAt));
  report('database outage', {
    outageMs: OUTAGE_MS,
    answersDuringOutage: duringOutage.length,
    status503: duringOutage.filter((a) => a.status === 503).length,
    otherStatuses: duringOutage.filter((a) => a.status !== 503).length,
    slowestAnswerMs: slowest,
    recoveredWithinMs: recoveredMs,
  });

  expect(health.status).toBe(503);
  expect(healthBody.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
  expect(duringOutage.length).toBeGreaterThan(CLIENTS);
  expect(new Set(duringOutage.map((a) => `${a.status} ${a.message}`))).toEqual(
    new Set([`503 ${DATABASE_UNAVAILABLE_MESSAGE}`]),
  );
  expect(slowest).toBeLessThan(MAX_ANSWER_MS);
  expect(recoveredMs).toBeGreaterThanOrEqual(0);
  expect(recoveredMs).toBeLessThan(5_000);
  // Once back, everything succeeds again.
  expect(afterRestore.slice(-CLIENTS).every((a) => a.status === 200)).toBe(true);
}, 60_000);
