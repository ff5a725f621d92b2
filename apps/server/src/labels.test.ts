import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { trpcData, type TestClient } from './test-client';
import { signedInClient } from './test-users';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function contact(client: TestClient, firstName: string): Promise<string> {
  const res = await client.rest('POST', '/contacts', { firstName, lastName: 'L', phone: '1' });
  return (res.body.data as { _id: string })._id;
}

type Label = { id: string; name: string; count: number };

describe('labels (issue 6)', () => {
  it('are created, renamed and deleted, unique per account whatever the case', async () => {
    const { client } = await signedInClient(t);
    const family = trpcData<Label>(await client.mutation('labels.create', { name: '  Family ' }));
    expect(family).toMatchObject({ name: 'Family', count: 0 });
    expect((await client.mutation('labels.create', { name: 'FAMILY' })).status).toBe(409);
    const empty = await client.mutation('labels.create', { name: ' ' });
    expect(empty.status).toBe(400);

    const work = trpcData<Label>(await client.mutation('labels.create', { name: 'Work' }));
    expect((await client.mutation('labels.rename', { id: work.id, name: 'family' })).status).toBe(
      409,
    );
    await client.mutation('labels.rename', { id: work.id, name: 'Book club' });
    expect(trpcData<Label[]>(await client.query('labels.list')).map((l) => l.name)).toEqual([
      'Book club',
      'Family',
    ]);

    await client.mutation('labels.delete', { id: work.id });
    expect(trpcData<Label[]>(await client.query('labels.list')).map((l) => l.name)).toEqual([
      'Family',
    ]);
  });

  it('are given and taken in bulk, counted without the trash, and list their contacts', async () => {
    const { client } = await signedInClient(t);
    const label = trpcData<Label>(await client.mutation('labels.create', { name: 'Friends' }));
    const ids = [
      await contact(client, 'Ann'),
      await contact(client, 'Bob'),
      await contact(client, 'Cy'),
    ];

    const given = await client.mutation('labels.assign', { labelId: label.id, contactIds: ids });
    expect(trpcData(given)).toEqual({ changed: 3 });
    const again = await client.mutation('labels.assign', { labelId: label.id, contactIds: ids });
    expect(trpcData(again)).toEqual({ changed: 0 });

    await client.rest('PATCH', `/trash/${ids[2]}`);
    expect(trpcData<Label[]>(await client.query('labels.list'))[0]!.count).toBe(2);
    const page = trpcData<{
      items: { firstName: string }[];
      total: number;
      label: { name: string };
    }>(await client.query('labels.contacts', { labelId: label.id, sort: 'first_name' }));
    expect(page.items.map((c) => c.firstName)).toEqual(['Ann', 'Bob']);
    expect(page.label.name).toBe('Friends');

    expect(
      trpcData<{ name: string }[]>(await client.query('labels.ofContact', { contactId: ids[0] })),
    ).toEqual([{ id: label.id, name: 'Friends' }]);
    await client.mutation('labels.unassign', { labelId: label.id, contactIds: [ids[0]] });
    expect(trpcData<Label[]>(await client.query('labels.list'))[0]!.count).toBe(1);

    // Deleting the label keeps its contacts.
    await client.mutation('labels.delete', { id: label.id });
    expect(trpcData<{ total: number }>(await client.query('contacts.list', {})).total).toBe(2);
  });

  it("cannot see, use or change another person's labels or contacts", async () => {
    const { client: owner } = await signedInClient(t);
    const { client: stranger } = await signedInClient(t);
    const label = trpcData<Label>(await owner.mutation('labels.create', { name: 'Private' }));
    const theirs = await contact(stranger, 'Eve');
    const mine = await contact(owner, 'Max');

    expect(trpcData<Label[]>(await stranger.query('labels.list'))).toEqual([]);
    for (const res of [
      await stranger.mutation('labels.rename', { id: label.id, name: 'Mine now' }),
      await stranger.mutation('labels.delete', { id: label.id }),
      await stranger.mutation('labels.assign', { labelId: label.id, contactIds: [theirs] }),
      await stranger.query('labels.contacts', { labelId: label.id }),
      await stranger.query('labels.ofContact', { contactId: mine }),
    ]) {
      expect(res.status).toBe(404);
    }
    // The owner's label skips the stranger's contact.
    const given = await owner.mutation('labels.assign', {
      labelId: label.id,
      contactIds: [theirs, mine],
    });
    expect(trpcData(given)).toEqual({ changed: 1 });
  });
});
