import { createTestDb } from '@kith/db/testing';
import type { DatabaseHandle } from '@kith/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TestClient } from '../test-support/test-client';
import { signedInClient } from '../test-support/test-users';

// Two instances of the server over one database: each caches the sessions it found live, and a
// sign-out on one takes effect on the other within a second, through the database's NOTIFY
// (PostgreSQL; docs/decisions/0011-session-liveness-cached-per-instance.md). On PGlite there is one
// instance and no cache.

let database: DatabaseHandle;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  database = await createTestDb();
  a = await createTestApp({ database, sessionLiveness: true });
  b = await createTestApp({ database, sessionLiveness: true });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

/** The same browser's cookies, sent to instance `app`. */
function sameBrowserOn(app: TestApp, client: TestClient): TestClient {
  const other = new TestClient(app.app);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/** ms until `check` answers false, polling every 20 ms; fails after `limitMs`. */
async function msUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (!(await check())) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`still accepted after ${limitMs} ms`);
}

const accepted = async (client: TestClient) =>
  (await client.query('account.profile')).status === 200;

describe('session liveness across instances', () => {
  it('a sign-out on one instance ends the session on the other within a second', async () => {
    const { client } = await signedInClient(a);
    const onB = sameBrowserOn(b, client);
    expect(await accepted(onB)).toBe(true);
    expect(await accepted(onB)).toBe(true);
    if (database.kind === 'postgres') {
      expect(b.deps.sessionLiveness!.stats.hits).toBeGreaterThan(0);
    } else {
      expect(b.deps.sessionLiveness).toBeNull();
    }
    expect((await client.rest('POST', '/auth/logout')).status).toBe(200);
    expect(await msUntil(() => accepted(onB), 1000)).toBeLessThan(1000);
  });

  it('"sign out all other sessions" reaches the other instance too', async () => {
    const { client, email } = await signedInClient(a);
    const phone = new TestClient(b.app);
    expect(
      (await phone.rest('POST', '/auth/login', { email, password: 'kith-harbour-42' })).status,
    ).toBe(200);
    expect(await accepted(phone)).toBe(true);
    expect(await accepted(phone)).toBe(true);
    expect((await client.mutation('account.revokeOtherSessions')).status).toBe(200);
    expect(await msUntil(() => accepted(phone), 1000)).toBeLessThan(1000);
    expect(await accepted(client)).toBe(true);
  });
});
