import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  makeContact,
  makeLabel,
  nameOf,
  signedInCaller,
  type Caller,
} from '../test-support/test-caller';

// The web list reads windows of a long list by position, jumps by letter, and acts on "Select All"
// over rows it never loaded (docs/decisions/0010-lists-read-by-window.md). Procedure layer, PGlite
// and PostgreSQL.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** A book with the given names ("Given Family"), created in this order; answers their ids. */
async function book(caller: Caller, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const [givenName = '', familyName = ''] = name.split(' ');
    ids.push(
      (await makeContact(caller, { givenName, familyName, phones: [{ value: '1', type: '' }] })).id,
    );
  }
  return ids;
}

const NAMES = [
  'Zoe Adams',
  'Ann Young',
  'Émile Zola',
  'Bob Brown',
  '2nd Floor',
  'Eve Stone',
  'Anna Cole',
  'Carl Avery',
  'Ben Xu',
  'Dora Ng',
  'Yuri Bell',
  'Ed Moss',
];

describe('windows of a list by position', () => {
  it('answer the same rows as reading the list from its start, with the total on the head only', async () => {
    const caller = await signedInCaller(t);
    await book(caller, NAMES);
    const whole = await caller.contacts.list({ limit: null });
    const names = whole.items.map(nameOf);
    expect(names).toHaveLength(NAMES.length);

    const head = await caller.contacts.list({ offset: 0, limit: 5 });
    expect(head.total).toBe(NAMES.length);
    expect(head.items.map(nameOf)).toEqual(names.slice(0, 5));

    const middle = await caller.contacts.list({ offset: 5, limit: 5 });
    expect(middle.items.map(nameOf)).toEqual(names.slice(5, 10));
    expect(middle.total).toBeNull();

    const tail = await caller.contacts.list({ offset: 10, limit: 5, sort: 'last_name' });
    const byFamily = await caller.contacts.list({ limit: null, sort: 'last_name' });
    expect(tail.items.map(nameOf)).toEqual(byFamily.items.slice(10).map(nameOf));
    expect(tail.nextCursor).toBeNull();

    expect((await caller.contacts.list({ offset: 50, limit: 5 })).items).toEqual([]);

    // From the end: the last rows, still in list order, as cheap as the first.
    const last = await caller.contacts.list({ offset: 0, limit: 5, fromEnd: true });
    expect(last.items.map(nameOf)).toEqual(names.slice(-5));
    expect(last.total).toBeNull();
    const beforeLast = await caller.contacts.list({ offset: 5, limit: 5, fromEnd: true });
    expect(beforeLast.items.map(nameOf)).toEqual(names.slice(-10, -5));
    const recent = await caller.contacts.list({
      offset: 2,
      limit: 3,
      fromEnd: true,
      sort: 'recently_added',
    });
    const allRecent = await caller.contacts.list({ limit: null, sort: 'recently_added' });
    expect(recent.items.map(nameOf)).toEqual(allRecent.items.slice(-5, -2).map(nameOf));
  });

  it('refuse a cursor and an offset together, and a negative offset, with the reason', async () => {
    const caller = await signedInCaller(t);
    await book(caller, ['Ann A', 'Bob B', 'Cy C']);
    const first = await caller.contacts.list({ limit: 1 });
    await expect(
      caller.contacts.list({ cursor: first.nextCursor, offset: 1, limit: 1 }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Give a cursor or an offset, not both',
    });
    await expect(caller.contacts.list({ offset: -1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('the A-Z index', () => {
  it('gives each letter the position of its first contact in the list, accents folded and other starts under #', async () => {
    const caller = await signedInCaller(t);
    await book(caller, NAMES);
    for (const sort of ['first_name', 'last_name'] as const) {
      const list = (await caller.contacts.list({ limit: null, sort })).items;
      const letters = await caller.contacts.letters({ sort });
      // Every entry points at a contact whose name starts with its letter, and no contact
      // before it does: a tap on the letter lands on its first contact.
      const key = (name: string) => {
        const [given = '', family = ''] = name.split(' ');
        const first = (sort === 'last_name' ? family || given : given)
          .normalize('NFD')
          .charAt(0)
          .toUpperCase();
        return /[A-Z]/.test(first) ? first : '#';
      };
      const expected: { letter: string; position: number }[] = [];
      list.forEach((contact, position) => {
        const letter = key(nameOf(contact));
        if (expected.at(-1)?.letter !== letter) expected.push({ letter, position });
      });
      expect(letters).toEqual(expected);
    }
    const byFirst = await caller.contacts.letters({});
    expect(byFirst.map((e) => e.letter)).toEqual(['#', 'A', 'B', 'C', 'D', 'E', 'Y', 'Z']);
    expect(byFirst.find((e) => e.letter === 'E')).toEqual({ letter: 'E', position: 7 });
  });

  it('gives # twice when names start with no letter both before A and after Z, so each run has its header', async () => {
    const caller = await signedInCaller(t);
    await book(caller, ['2nd Floor', 'Ada Byron', 'Zed Ames', 'שרה Cohen', '😀 Smiley']);
    expect(await caller.contacts.letters({})).toEqual([
      { letter: '#', position: 0 },
      { letter: 'A', position: 1 },
      { letter: 'Z', position: 2 },
      { letter: '#', position: 3 },
    ]);
  });

  it('covers the favorites and a label by themselves, and nothing of another account', async () => {
    const caller = await signedInCaller(t);
    const [zoe, ann] = await book(caller, ['Zoe Z', 'Ann A', 'Bob B']);
    await caller.favorites.set({ id: zoe!, isFavorite: true });
    expect(await caller.contacts.letters({ list: 'favorites' })).toEqual([
      { letter: 'Z', position: 0 },
    ]);
    const label = await makeLabel(caller, 'Club', [ann!]);
    expect(await caller.contacts.letters({ labelId: label.id })).toEqual([
      { letter: 'A', position: 0 },
    ]);

    const stranger = await signedInCaller(t);
    expect(await stranger.contacts.letters({})).toEqual([]);
    expect(await stranger.contacts.letters({ labelId: label.id })).toEqual([]);
  });
});

describe('"Select All" over a whole list', () => {
  it("trashes, recovers and deletes a whole list but the unticked, and nobody else's", async () => {
    const caller = await signedInCaller(t);
    const ids = await book(caller, ['Ann A', 'Bob B', 'Cy C', 'Di D']);
    const stranger = await signedInCaller(t);
    const [theirs] = await book(stranger, ['Eve E']);

    const moved = await caller.trash.addMany({
      all: { list: 'contacts', exceptIds: [ids[1]!] },
    });
    expect(moved.ids.sort()).toEqual([ids[0], ids[2], ids[3]].sort());
    expect((await caller.contacts.list({})).items.map(nameOf)).toEqual(['Bob B']);
    expect((await stranger.contacts.list({})).items.map((c) => c.id)).toEqual([theirs]);

    const recovered = await caller.trash.recoverMany({
      all: { list: 'trash', exceptIds: [ids[3]!] },
    });
    expect(recovered.ids).toHaveLength(2);
    const deleted = await caller.trash.deleteMany({ all: { list: 'trash' } });
    expect(deleted.ids).toEqual([ids[3]]);
    await expect(caller.trash.deleteMany({ all: { list: 'trash' } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'None of the selected contacts were found.',
    });
  });

  it("gives and takes a label across a whole list, a label's list or the favorites", async () => {
    const caller = await signedInCaller(t);
    const ids = await book(caller, ['Ann A', 'Bob B', 'Cy C']);
    await caller.favorites.set({ id: ids[0]!, isFavorite: true });
    await caller.favorites.set({ id: ids[1]!, isFavorite: true });
    const club = await makeLabel(caller, 'Club');
    const team = await makeLabel(caller, 'Team');

    // Each answer names the contacts it changed (what an Undo gives back), in any order.
    const sorted = (answer: { changed: number; contactIds: string[] }) => ({
      ...answer,
      contactIds: [...answer.contactIds].sort(),
    });
    expect(
      sorted(await caller.labels.assign({ labelId: club.id, all: { list: 'favorites' } })),
    ).toEqual({ changed: 2, contactIds: [ids[0]!, ids[1]!].sort() });
    expect(
      await caller.labels.assign({
        labelId: team.id,
        all: { list: 'contacts', labelId: club.id, exceptIds: [ids[0]!] },
      }),
    ).toEqual({ changed: 1, contactIds: [ids[1]!] });
    const team1 = await caller.labels.contacts({ labelId: team.id });
    expect(team1.items.map(nameOf)).toEqual(['Bob B']);

    expect(
      sorted(await caller.labels.unassign({ labelId: club.id, all: { list: 'contacts' } })),
    ).toEqual({ changed: 2, contactIds: [ids[0]!, ids[1]!].sort() });
    expect((await caller.labels.list()).map((l) => [l.name, l.count])).toEqual([
      ['Club', 0],
      ['Team', 1],
    ]);

    const stranger = await signedInCaller(t);
    await expect(
      stranger.labels.assign({ labelId: club.id, all: { list: 'contacts' } }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A stranger's label in the selection matches none of the person's own contacts.
    const mine = await makeLabel(stranger, 'Mine');
    expect(
      await stranger.labels.assign({
        labelId: mine.id,
        all: { list: 'contacts', labelId: club.id },
      }),
    ).toEqual({ changed: 0, contactIds: [] });
  });

  it('exports a whole list but the unticked', async () => {
    const caller = await signedInCaller(t);
    const ids = await book(caller, ['Ann A', 'Bob B', 'Cy C']);
    const file = await caller.contacts.export({ format: 'csv', exceptIds: [ids[1]!] });
    expect(file.content).toContain('Ann');
    expect(file.content).toContain('Cy');
    expect(file.content).not.toContain('Bob');
  });
});
