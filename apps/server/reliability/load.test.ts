/**
 * Load and crash (docs/reliability.md): 100 signed-in clients doing a realistic mix for 60 s get no
 * 5xx, and every acknowledged write is in the database; then the server is killed with SIGKILL in
 * the middle of the load and restarted: nothing acknowledged is lost, nothing half-written is
 * visible, and it answers again within seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  report,
  serverProcess,
  signedInClients,
  type ServerProcess,
} from './harness';
import { findDiscrepancies, newStats, Tester } from './workload';

const LOAD_CLIENTS = 100;
const LOAD_SECONDS = 60;
const CRASH_CLIENTS = 50;

let database: Awaited<ReturnType<typeof createDatabase>>;
let server: ServerProcess;

beforeAll(async () => {
  database = await createDatabase();
  server = await serverProcess(database.url);
  await server.start();
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

async function testers(count: number, prefix: string): Promise<Tester[]> {
  const clients = await signedInClients(database.sql, server.baseUrl, count);
  return clients.map(({ userId, client }, i) => new Tester(userId, client, `${prefix}${i}`));
}

describe('under load', () => {
  it(`serves ${LOAD_CLIENTS} clients for ${LOAD_SECONDS} s with no 5xx and loses no acknowledged write`, async () => {
    const people = await testers(LOAD_CLIENTS, 'Loadperson');
    const stats = newStats();
    const ends = Date.now() + LOAD_SECONDS * 1000;
    await Promise.all(people.map((person) => person.run(stats, () => Date.now() > ends)));

    const problems = await findDiscrepancies(database.sql, people);
    report('load', {
      clients: LOAD_CLIENTS,
      seconds: LOAD_SECONDS,
      requests: stats.requests,
      requestsPerSecond: Math.round(stats.requests / LOAD_SECONDS),
      acknowledgedWrites: stats.acknowledgedWrites,
      serverErrors: stats.serverErrors,
      rowsLost: problems.length,
    });
    expect(stats.samples).toEqual([]);
    expect(stats.serverErrors).toBe(0);
    expect(stats.clientErrors).toBe(0);
    expect(stats.noAnswer).toBe(0);
    expect(stats.acknowledgedWrites).toBeGreaterThan(LOAD_CLIENTS);
    expect(problems).toEqual([]);
  }, 180_000);
});

describe('a crash under load', () => {
  it('keeps every acknowledged write, shows nothing half-written, and is back within seconds', async () => {
    const people = await testers(CRASH_CLIENTS, 'Crashperson');
    const stats = newStats();
    let running = true;
    const load = Promise.all(people.map((person) => person.run(stats, () => !running)));

    await new Promise((r) => setTimeout(r, 5_000));
    const beforeCrash = stats.acknowledgedWrites;
    await server.stop('SIGKILL');
    const restartMs = await server.start();
    await new Promise((r) => setTimeout(r, 5_000));
    running = false;
    await load;

    const problems = await findDiscrepancies(database.sql, people);
    report('crash', {
      clients: CRASH_CLIENTS,
      acknowledgedBeforeKill: beforeCrash,
      acknowledgedWrites: stats.acknowledgedWrites,
      unansweredDuringRestart: stats.noAnswer,
      restartToHealthyMs: restartMs,
      serverErrors: stats.serverErrors,
      rowsLost: problems.length,
    });
    expect(problems).toEqual([]);
    expect(stats.serverErrors).toBe(0);
    expect(stats.acknowledgedWrites).toBeGreaterThan(beforeCrash);
    expect(restartMs).toBeLessThan(15_000);
  }, 120_000);
});
