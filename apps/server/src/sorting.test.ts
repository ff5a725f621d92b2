import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { trpcData, type TestClient } from './test-client';
import { signedInClient } from './test-users';

let t: TestApp;
let client: TestClient;

/** First and last names, created in this order. */
const people = [
  ['Zoë', 'Adams'],
  ['Ada', 'Young'],
  ['Émile', 'Martin'],
  ['Bruno', 'Costa'],
  ['Chen', 'Bai'],
] as const;

interface Page {
  items: { _id: string; firstName: string; lastName: string }[];
  nextCursor: string | null;
}

/** Every first name of a list, walking its pages of `limit`. */
async function walk(path: string, sort: string, limit = 2): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = trpcData<Page>(await client.query(path, { sort, limit, cursor }));
    names.push(...page.items.map((c) => c.firstName));
    cursor = page.nextCursor;
  } while (cursor);
  return names;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ client } = await signedInClient(t));
  for (const [firstName, lastName] of people) {
    const res = await client.rest('POST', '/contacts', { firstName, lastName, phone: '1' });
    expect(res.status).toBe(201);
  }
  // Edit Bruno last, so he leads "recently edited".
  const { items } = trpcData<Page>(await client.query('contacts.list', {}));
  const bruno = items.find((c) => c.firstName === 'Bruno')!;
  await client.rest('PATCH', `/contacts/${bruno._id}`, { phone: '2' });
});

afterAll(async () => {
  await t.close();
});

describe('sorting the lists (issue 6: first name, last name, recently added, recently edited)', () => {
  it.each([
    ['first_name', ['Ada', 'Bruno', 'Chen', 'Émile', 'Zoë']],
    ['last_name', ['Zoë', 'Chen', 'Bruno', 'Émile', 'Ada']],
    ['recently_added', ['Chen', 'Bruno', 'Émile', 'Ada', 'Zoë']],
    ['recently_edited', ['Bruno', 'Chen', 'Émile', 'Ada', 'Zoë']],
  ])('orders by %s, across pages of two', async (sort, expected) => {
    expect(await walk('contacts.list', sort)).toEqual(expected);
    expect(await walk('contacts.list', sort, 1000)).toEqual(expected);
  });

  it('sorts the favorites the same way', async () => {
    const { items } = trpcData<Page>(await client.query('contacts.list', {}));
    for (const name of ['Zoë', 'Chen']) {
      const id = items.find((c) => c.firstName === name)!._id;
      await client.rest('PATCH', `/favorites/${id}`, { isFavorite: true });
    }
    expect(await walk('favorites.list', 'first_name')).toEqual(['Chen', 'Zoë']);
    expect(await walk('favorites.list', 'last_name')).toEqual(['Zoë', 'Chen']);
  });

  it('refuses a cursor of another order with 400, rather than a wrong page', async () => {
    const first = trpcData<Page>(
      await client.query('contacts.list', { sort: 'first_name', limit: 2 }),
    );
    const res = await client.query('contacts.list', {
      sort: 'recently_added',
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(res.status).toBe(400);
  });

  it('keeps the chosen order with the account', async () => {
    const before = trpcData<{ user: { contactSort: string } }>(await client.query('auth.check'));
    expect(before.user.contactSort).toBe('first_name');
    await client.mutation('account.updatePreferences', { contactSort: 'recently_edited' });
    const after = trpcData<{ user: { contactSort: string } }>(await client.query('auth.check'));
    expect(after.user.contactSort).toBe('recently_edited');
    const bad = await client.mutation('account.updatePreferences', { contactSort: 'shoe_size' });
    expect(bad.status).toBe(400);
  });
});
