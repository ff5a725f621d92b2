import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { dav, davAccount, vcard, type DavAccount } from '../test-support/dav-helpers';

// Writers of one contact racing each other: every writer takes the account's book lock before
// any row lock, and a deadlock or serialization failure is retried, so none answers 500.
// PGlite has one connection and never deadlocks; PostgreSQL is where these races bite.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROUNDS = 8;

function cardPath(account: DavAccount, name: string): string {
  return `/dav/addressbooks/${account.userId}/contacts/${name}`;
}

async function putCard(account: DavAccount, name: string, uid: string, given: string) {
  return dav(account, 'PUT', cardPath(account, name), {
    body: vcard(uid, given, 'Racer'),
    headers: { 'content-type': 'text/vcard; charset=utf-8' },
  });
}

/** Runs a call and reports its outcome as a status: an HTTP status, or a tRPC error's code. */
async function outcome(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'OK';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : String(error);
  }
}

describe('writers of one contact racing', () => {
  it('CardDAV DELETEs and PUTs of one card never answer 500', async () => {
    const account = await davAccount(t);
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = `race-${round}.vcf`;
      const uid = `race-${round}-uid`;
      expect((await putCard(account, name, uid, 'First')).status).toBe(201);
      const calls = Array.from({ length: 4 }, (_, i) => [
        dav(account, 'DELETE', cardPath(account, name)),
        putCard(account, name, uid, `Writer${i}`),
      ]).flat();
      for (const answer of await Promise.all(calls)) statuses.push(answer.status);
    }
    const failures = statuses.filter((status) => status >= 500);
    expect(
      failures,
      `${failures.length}/${statuses.length} answered 5xx: ${failures.join(',')}`,
    ).toEqual([]);
    for (const status of statuses) expect([201, 204, 404, 412]).toContain(status);
    expect(statuses).toHaveLength(ROUNDS * 8);
  });

  it('a web contacts.update racing CardDAV PUTs of the same card never fails with a 500', async () => {
    const account = await davAccount(t, 'Grace Hopper');
    const name = 'shared.vcf';
    const uid = 'shared-uid';
    expect((await putCard(account, name, uid, 'Initial')).status).toBe(201);
    const [contact] = (await account.caller.contacts.list({})).items;
    const id = contact!.id;

    const web: string[] = [];
    const carddav: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const webCalls = Array.from({ length: 3 }, (_, i) =>
        outcome(() => account.caller.contacts.update({ id, givenName: `Web${round}-${i}` })),
      );
      const davCalls = Array.from({ length: 3 }, (_, i) =>
        putCard(account, name, uid, `Phone${round}-${i}`).then((answer) => answer.status),
      );
      const [webOutcomes, davStatuses] = await Promise.all([
        Promise.all(webCalls),
        Promise.all(davCalls),
      ]);
      web.push(...webOutcomes);
      carddav.push(...davStatuses);
    }
    const webFailures = web.filter((code) => code !== 'OK');
    const davFailures = carddav.filter((status) => status !== 204);
    expect(
      { webFailures, davFailures },
      `web ${webFailures.length}/${web.length} failed, CardDAV ${davFailures.length}/${carddav.length} failed`,
    ).toEqual({ webFailures: [], davFailures: [] });
  });
});
