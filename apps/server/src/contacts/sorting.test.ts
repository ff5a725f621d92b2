import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { makeContact, signedInCaller, type Caller } from '../test-support/test-caller';

// Procedure-layer tests (createCaller): sorting is the lists' rule, not HTTP's.
let t: TestApp;
let caller: Caller;

/** First and last names, created in this order. */
const people = [
  ['Zoë', 'Adams'],
  ['Ada', 'Young'],
  ['Émile', 'Martin'],
  ['Bruno', 'Costa'],
  ['Chen', 'Bai'],
] as const;

type Sort = 'first_name' | 'last_name' | 'recently_added' | 'recently_edited';

/** Every first name of a list, walking its pages of `limit`. */
async function walk(list: 'contacts' | 'favorites', sort: Sort, limit = 2): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: { givenName: string }[]; nextCursor: string | null } = await caller[
      list
    ].list({ sort, limit, cursor });
    names.push(...page.items.map((c) => c.givenName));
    cursor = page.nextCursor;
  } while (cursor);
  return names;
}

beforeAll(async () => {
  t = await createTestApp();
  caller = await signedInCaller(t);
  for (const [givenName, familyName] of people) {
    await makeContact(caller, { givenName, familyName, phones: [{ value: '1', type: '' }] });
  }
  // Edit Bruno last, so he leads "recently edited".
  const { items } = await caller.contacts.list({});
  const bruno = items.find((c) => c.givenName === 'Bruno')!;
  await caller.contacts.update({ id: bruno.id, phones: [{ value: '2', type: '' }] });
});

afterAll(async () => {
  await t.close();
});

describe('sorting the lists (first name, last name, recently added, recently edited)', () => {
  it.each([
    ['first_name', ['Ada', 'Bruno', 'Chen', 'Émile', 'Zoë']],
    ['last_name', ['Zoë', 'Chen', 'Bruno', 'Émile', 'Ada']],
    ['recently_added', ['Chen', 'Bruno', 'Émile', 'Ada', 'Zoë']],
    ['recently_edited', ['Bruno', 'Chen', 'Émile', 'Ada', 'Zoë']],
  ] as const)('orders by %s, across pages of two', async (sort, expected) => {
    expect(await walk('contacts', sort)).toEqual(expected);
    expect(await walk('contacts', sort, 1000)).toEqual(expected);
  });

  it('sorts the favorites the same way', async () => {
    const { items } = await caller.contacts.list({});
    for (const name of ['Zoë', 'Chen']) {
      const id = items.find((c) => c.givenName === name)!.id;
      await caller.favorites.set({ id, isFavorite: true });
    }
    expect(await walk('favorites', 'first_name')).toEqual(['Chen', 'Zoë']);
    expect(await walk('favorites', 'last_name')).toEqual(['Zoë', 'Chen']);
  });

  it('refuses a cursor of another order with 400, rather than a wrong page', async () => {
    const first = await caller.contacts.list({ sort: 'first_name', limit: 2 });
    await expect(
      caller.contacts.list({ sort: 'recently_added', limit: 2, cursor: first.nextCursor }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('keeps the chosen order with the account', async () => {
    const before = await caller.auth.check();
    expect(before.user.contactSort).toBe('first_name');
    await caller.account.updatePreferences({ contactSort: 'recently_edited' });
    const after = await caller.auth.check();
    expect(after.user.contactSort).toBe('recently_edited');
    await expect(
      caller.account.updatePreferences({ contactSort: 'shoe_size' as never }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
