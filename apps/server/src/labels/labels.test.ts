import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { makeContact, makeLabel, signedInCaller, type Caller } from '../test-support/test-caller';

// Procedure-layer tests (createCaller): labels are a rule of the book, not of HTTP.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

async function contact(caller: Caller, givenName: string): Promise<string> {
  return (
    await makeContact(caller, { givenName, familyName: 'L', phones: [{ value: '1', type: '' }] })
  ).id;
}

describe('labels', () => {
  it('are created, renamed and deleted, unique per account whatever the case', async () => {
    const caller = await signedInCaller(t);
    const family = await caller.labels.create({ name: '  Family ' });
    expect(family).toMatchObject({ name: 'Family', count: 0 });
    await expect(caller.labels.create({ name: 'FAMILY' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(caller.labels.create({ name: ' ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });

    const work = await caller.labels.create({ name: 'Work' });
    await expect(caller.labels.rename({ id: work.id, name: 'family' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await caller.labels.rename({ id: work.id, name: 'Book club' });
    expect((await caller.labels.list()).map((l) => l.name)).toEqual(['Book club', 'Family']);

    await caller.labels.delete({ id: work.id });
    expect((await caller.labels.list()).map((l) => l.name)).toEqual(['Family']);
  });

  it('are given and taken in bulk, counted without the trash, and list their contacts', async () => {
    const caller = await signedInCaller(t);
    const label = await makeLabel(caller, 'Friends');
    const ids = [
      await contact(caller, 'Ann'),
      await contact(caller, 'Bob'),
      await contact(caller, 'Cy'),
    ];

    expect(await caller.labels.assign({ labelId: label.id, contactIds: ids })).toMatchObject({
      changed: 3,
    });
    expect(await caller.labels.assign({ labelId: label.id, contactIds: ids })).toMatchObject({
      changed: 0,
    });

    await caller.trash.add({ id: ids[2]! });
    expect((await caller.labels.list())[0]!.count).toBe(2);
    const page = await caller.labels.contacts({ labelId: label.id, sort: 'first_name' });
    expect(page.items.map((c) => c.givenName)).toEqual(['Ann', 'Bob']);
    expect(page.label.name).toBe('Friends');

    expect(await caller.labels.ofContact({ contactId: ids[0]! })).toEqual([
      { id: label.id, name: 'Friends' },
    ]);
    await caller.labels.unassign({ labelId: label.id, contactIds: [ids[0]!] });
    expect((await caller.labels.list())[0]!.count).toBe(1);

    // Deleting the label keeps its contacts.
    await caller.labels.delete({ id: label.id });
    expect((await caller.contacts.list({})).total).toBe(2);
  });

  it('answer the contacts they changed, so an Undo takes back those and no others', async () => {
    const caller = await signedInCaller(t);
    const label = await makeLabel(caller, 'Team');
    const [had, gets] = [await contact(caller, 'Had'), await contact(caller, 'Gets')];
    await caller.labels.assign({ labelId: label.id, contactIds: [had] });

    const given = await caller.labels.assign({ labelId: label.id, contactIds: [had, gets] });
    expect(given).toEqual({ changed: 1, contactIds: [gets] });
    // Undo of the give: only the newly labelled contact loses it.
    await caller.labels.unassign({ labelId: label.id, contactIds: given.contactIds });
    expect(await caller.labels.ofContact({ contactId: had })).toHaveLength(1);
    expect(await caller.labels.ofContact({ contactId: gets })).toEqual([]);

    const taken = await caller.labels.unassign({
      labelId: label.id,
      all: { list: 'contacts', exceptIds: [] },
    });
    expect(taken).toEqual({ changed: 1, contactIds: [had] });
  });

  it("cannot see, use or change another person's labels or contacts", async () => {
    const owner = await signedInCaller(t);
    const stranger = await signedInCaller(t);
    const label = await makeLabel(owner, 'Private');
    const theirs = await contact(stranger, 'Eve');
    const mine = await contact(owner, 'Max');

    expect(await stranger.labels.list()).toEqual([]);
    for (const call of [
      () => stranger.labels.rename({ id: label.id, name: 'Mine now' }),
      () => stranger.labels.delete({ id: label.id }),
      () => stranger.labels.assign({ labelId: label.id, contactIds: [theirs] }),
      () => stranger.labels.contacts({ labelId: label.id }),
      () => stranger.labels.ofContact({ contactId: mine }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    // The owner's label skips the stranger's contact.
    expect(await owner.labels.assign({ labelId: label.id, contactIds: [theirs, mine] })).toEqual({
      changed: 1,
      contactIds: [mine],
    });
  });
});
