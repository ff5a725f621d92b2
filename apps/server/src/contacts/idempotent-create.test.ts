import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { makeContact, signedInCaller } from '../test-support/test-caller';
import { signedInClient } from '../test-support/test-users';

// A create sent twice (a double click, a retry after a lost answer) makes one contact.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('contacts.create with an idempotency key', () => {
  it('answers the first contact to a repeat, and to repeats sent at the same moment', async () => {
    const caller = await signedInCaller(t);
    const first = await makeContact(caller, { givenName: 'Once', idempotencyKey: 'form-1' });
    const again = await makeContact(caller, { givenName: 'Once', idempotencyKey: 'form-1' });
    expect(again.id).toBe(first.id);

    const together = await Promise.all(
      [1, 2, 3].map(() => makeContact(caller, { givenName: 'Twice', idempotencyKey: 'form-2' })),
    );
    expect(new Set(together.map((c) => c.id)).size).toBe(1);

    const list = await caller.contacts.list({});
    expect(list.items.map((c) => c.givenName).sort()).toEqual(['Once', 'Twice']);
  });

  it('makes a new contact for a new key or no key, and keeps keys apart per account', async () => {
    const caller = await signedInCaller(t);
    const other = await signedInCaller(t);
    const a = await makeContact(caller, { idempotencyKey: 'k' });
    const b = await makeContact(caller, { idempotencyKey: 'k2' });
    const c = await makeContact(caller);
    const d = await makeContact(caller);
    const theirs = await makeContact(other, { idempotencyKey: 'k' });
    expect(new Set([a.id, b.id, c.id, d.id, theirs.id]).size).toBe(5);
    expect((await caller.contacts.list({})).total).toBe(4);
    expect((await other.contacts.list({})).total).toBe(1);
  });

  it('answers 422 to a key sent again with different data, and keeps the first contact', async () => {
    const caller = await signedInCaller(t);
    const first = await makeContact(caller, { givenName: 'Ada', idempotencyKey: 'form-3' });
    await expect(
      makeContact(caller, { givenName: 'Grace', idempotencyKey: 'form-3' }),
    ).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      message: expect.stringContaining('different data'),
    });
    // The same data again is still a replay.
    expect((await makeContact(caller, { givenName: 'Ada', idempotencyKey: 'form-3' })).id).toBe(
      first.id,
    );
    const list = await caller.contacts.list({});
    expect(list.items.map((c) => c.givenName)).toEqual(['Ada']);
  });

  it('answers 409 to a replay whose contact went to the Trash, and a new contact once it is deleted', async () => {
    const caller = await signedInCaller(t);
    const first = await makeContact(caller, { givenName: 'Binned', idempotencyKey: 'form-4' });
    await caller.trash.add({ id: first.id });
    await expect(
      makeContact(caller, { givenName: 'Binned', idempotencyKey: 'form-4' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Trash') });
    expect((await caller.contacts.list({})).total).toBe(0);
    // Recovered, the replay answers it again; deleted for good, the key is forgotten.
    await caller.trash.recover({ id: first.id });
    expect((await makeContact(caller, { givenName: 'Binned', idempotencyKey: 'form-4' })).id).toBe(
      first.id,
    );
    await caller.trash.add({ id: first.id });
    await caller.trash.delete({ id: first.id });
    const again = await makeContact(caller, { givenName: 'Binned', idempotencyKey: 'form-4' });
    expect(again.id).not.toBe(first.id);
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

    // The same data in another key order is the same request.
    const reordered = await client.send({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { 'idempotency-key': 'rest-1' },
      payload: { phone: '1', lastName: 'Once', firstName: 'Rest' },
    });
    expect(reordered.status).toBe(201);
    expect((reordered.body.data as { _id: string })._id).toBe(
      (one.body.data as { _id: string })._id,
    );

    const changed = await client.send({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { 'idempotency-key': 'rest-1' },
      payload: { firstName: 'Rest', lastName: 'Twice', phone: '1' },
    });
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ success: false });
    expect(((await client.rest('GET', '/contacts')).body.data as unknown[]).length).toBe(1);
  });
});
