import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  callerFor,
  makeContact,
  makeImage,
  makeLabel,
  makeUser,
  nameOf,
  signedInCaller,
} from '../test-support/test-caller';

// A list screen's rows (`contacts.listItems`, `labels.contactItems`): the same pages as the
// whole contacts, with only what a row shows, and the list's size exact after every kind of
// change (docs/performance.md, "A list's rows"). Procedure layer, PGlite and PostgreSQL.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const ROW_FIELDS = [
  'email',
  'familyName',
  'givenName',
  'id',
  'isFavorite',
  'phone',
  'photo',
  'trashedAt',
];

describe("a list's rows", () => {
  it('are the whole contacts\u2019 pages, each with its name, first email and phone, photo and star', async () => {
    const caller = await signedInCaller(t);
    const photo = await makeImage(caller);
    const ada = await makeContact(caller, {
      givenName: 'Ada',
      familyName: 'Lovelace',
      emails: [
        { value: 'ada@example.com', type: 'home' },
        { value: 'countess@example.org', type: 'work' },
      ],
      phones: [
        { value: '+44 20 7946 0001', type: 'cell' },
        { value: '+44 20 7946 0002', type: 'home' },
      ],
      note: 'A long note the list never needs.',
      photo,
    });
    for (const name of ['Zoe Adams', 'Bob Brown', 'Émile Zola', 'Cy Cole', 'Dee Ng', 'Eve Xu']) {
      const [givenName = '', familyName = ''] = name.split(' ');
      await makeContact(caller, { givenName, familyName, phones: [{ value: '1', type: '' }] });
    }
    await caller.favorites.set({ id: ada.id, isFavorite: true });

    const [row] = (await caller.contacts.listItems({ limit: 1 })).items;
    expect(Object.keys(row!).sort()).toEqual(ROW_FIELDS);
    expect(row).toMatchObject({
      id: ada.id,
      givenName: 'Ada',
      familyName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0001',
      isFavorite: true,
      trashedAt: null,
      photo: { imageId: photo },
    });
    // The same signed link the whole contact gives.
    expect(row!.photo).toEqual((await caller.contacts.byId({ id: ada.id })).photo);

    // Every order and way of paging gives the rows of the whole contacts' pages.
    const pages = [
      { limit: 3 },
      { offset: 3, limit: 3 },
      { offset: 0, limit: 2, fromEnd: true },
      { limit: 3, sort: 'last_name' as const },
      { limit: 3, sort: 'recently_added' as const },
      { offset: 1, limit: 4, sort: 'recently_edited' as const, fromEnd: true },
    ];
    for (const page of pages) {
      const whole = await caller.contacts.list(page);
      const rows = await caller.contacts.listItems(page);
      expect(rows.items.map((c) => c.id)).toEqual(whole.items.map((c) => c.id));
      expect([rows.total, rows.nextCursor === null]).toEqual([
        whole.total,
        whole.nextCursor === null,
      ]);
    }
    const first = await caller.contacts.listItems({ limit: 4 });
    const next = await caller.contacts.listItems({ cursor: first.nextCursor, limit: 4 });
    expect([...first.items, ...next.items].map(nameOf)).toEqual(
      (await caller.contacts.list({ limit: null })).items.map(nameOf),
    );
    expect(next.nextCursor).toBeNull();

    // The favorites and the trash.
    expect((await caller.contacts.listItems({ list: 'favorites' })).items.map(nameOf)).toEqual([
      'Ada Lovelace',
    ]);
    await caller.trash.add({ id: ada.id });
    const [trashed] = (await caller.contacts.listItems({ list: 'trash' })).items;
    expect(trashed!.id).toBe(ada.id);
    expect(trashed!.trashedAt).toBeInstanceOf(Date);
  });

  it("of a label carry its name, and a stranger's label is not found", async () => {
    const caller = await signedInCaller(t);
    const ann = await makeContact(caller, { givenName: 'Ann', familyName: 'Lee' });
    await makeContact(caller, { givenName: 'Bob', familyName: 'Ray' });
    const club = await makeLabel(caller, 'Club', [ann.id]);
    const page = await caller.labels.contactItems({ labelId: club.id });
    expect(page.label).toEqual({ id: club.id, name: 'Club' });
    expect(page.items.map(nameOf)).toEqual(['Ann Lee']);
    expect(page.total).toBe(1);

    const stranger = await signedInCaller(t);
    await expect(stranger.labels.contactItems({ labelId: club.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Label not found.',
    });
  });
});

describe("a list's size", () => {
  it('follows every change of the book, its favorites, its trash and its labels', async () => {
    const caller = await signedInCaller(t);
    const total = async (list: 'contacts' | 'favorites' | 'trash') =>
      (await caller.contacts.listItems({ list, limit: 1 })).total;
    const labelTotal = async (labelId: string) =>
      (await caller.labels.contactItems({ labelId, limit: 1 })).total;

    const ids: string[] = [];
    for (const givenName of ['Ann', 'Bob', 'Cy']) {
      ids.push((await makeContact(caller, { givenName, familyName: 'Day' })).id);
    }
    expect(await total('contacts')).toBe(3);
    expect(await total('contacts')).toBe(3);
    ids.push((await makeContact(caller, { givenName: 'Di', familyName: 'Day' })).id);
    expect(await total('contacts')).toBe(4);

    await caller.favorites.set({ id: ids[0]!, isFavorite: true });
    expect(await total('favorites')).toBe(1);
    await caller.favorites.set({ id: ids[0]!, isFavorite: false });
    expect(await total('favorites')).toBe(0);

    const club = await makeLabel(caller, 'Club', [ids[1]!]);
    expect(await labelTotal(club.id)).toBe(1);
    await caller.labels.assign({ labelId: club.id, all: { list: 'contacts' } });
    expect(await labelTotal(club.id)).toBe(4);
    await caller.labels.unassign({ labelId: club.id, contactIds: [ids[2]!] });
    expect(await labelTotal(club.id)).toBe(3);

    await caller.trash.add({ id: ids[3]! });
    expect([await total('contacts'), await total('trash'), await labelTotal(club.id)]).toEqual([
      3, 1, 2,
    ]);
    await caller.trash.deleteMany({ all: { list: 'trash' } });
    expect([await total('contacts'), await total('trash')]).toEqual([3, 0]);
  });

  it('follows a change another server made straight in the database', async () => {
    // Another instance of Kith on the same database: nothing in this process saw the write.
    const user = await makeUser(t);
    const caller = await callerFor(t, user.id);
    await makeContact(caller, { givenName: 'Ann', familyName: 'Day' });
    expect((await caller.contacts.listItems({ limit: 1 })).total).toBe(1);

    await t.db.insert(schema.contacts).values({ userId: user.id, givenName: 'Bob' });
    expect((await caller.contacts.listItems({ limit: 1 })).total).toBe(2);
    await t.db.delete(schema.contacts).where(eq(schema.contacts.givenName, 'Bob'));
    expect((await caller.contacts.listItems({ limit: 1 })).total).toBe(1);
  });
});
