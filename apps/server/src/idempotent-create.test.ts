import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { makeContact, signedInCaller } from './test-caller';
import { signedInClient } from './test-users';

// Issue 21.1: a create sent twice (a double click, a retry after a lost answer) makes one contact.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('contacts.create with an idempotency key (issue 21)', () => {
  it('answers the first contact to a repeat, and to repeats sent at the same moment', async () => {
    const caller = await signedInCaller(t);
    const first = await makeContact(caller, { firstName: 'Once', idempotencyKey: 'form-1' });
    const again = await makeContact(caller, { firstName: 'Once', idempotencyKey: 'form-1' });
    expect(again._id).toBe(first._id);

    const together = await Promise.all(
      [1, 2, 3].map(() => makeContact(caller, { firstName: 'Twice', idempotencyKey: 'form-2' })),
    );
    expect(new Set(together.map((c) => c._id)).size).toBe(1);

    const list = await caller.contacts.list({});
    expect(list.items.map((c) => c.firstName).sort()).toEqual(['Once', 'Twice']);
  });

  it('makes a new contact for a new key or no key, and keeps keys apart per account', async () => {
    const caller = await signedInCaller(t);
    const other = await signedInCaller(t);
    const a = await makeContact(caller, { idempotencyKey: 'k' });
    const b = await makeContact(caller, { idempotencyKey: 'k2' });
    const c = await makeContact(caller);
    const d = await makeContact(caller);
    const theirs = await makeContact(other, { idempotencyKey: 'k' });
    expect(new Set([a._id, b._id, c._id, d._id, theirs._id]).size).toBe(5);
    expect((await caller.contacts.list({})).total).toBe(4);
    expect((await other.contacts.list({})).total).toBe(1);
  });

  it('refuses a key that is empty, too long or not visible ASCII, with the reason', async () => {
    const caller = await signedInCaller(t);
    for (const key of ['', 'x'.repeat(201), 'with space', 'ключ']) {
      await expect(makeContact(caller, { idempotencyKey: key })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('idempotency key'),
      });
    }
    expect((await caller.contacts.list({})).total).toBe(0);
  });

  it('takes the key from the Idempotency-Key header on POST /api/v1/contacts', async () => {
    const { client } = await signedInClient(t);
    const post = () =>
      client.send({
        method: 'POST',
        url: '/api/v1/contacts',
        headers: { 'idempotency-key': 'rest-1' },
        payload: { firstName: 'Rest', lastName: 'Once', phone: '1' },
      });
    const [one, two] = await Promise.all([post(), post()]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((two.body.data as { _id: string })._id).toBe((one.body.data as { _id: string })._id);
    expect(((await client.rest('GET', '/contacts')).body.data as unknown[]).length).toBe(1);
  });
});
