import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { callerFor, makeContact, signedInCaller, type Caller } from '../test-support/test-caller';
import type { TestClient } from '../test-support/test-client';
import { signedInClient } from '../test-support/test-users';

// Matching and ranking are the search's rules, tested through the procedure (createCaller);
// the REST envelope of GET /search is tested once, over HTTP.
let t: TestApp;
let client: TestClient;
let caller: Caller;

const people = [
  {
    firstName: 'Zoë',
    lastName: 'Ångström',
    email: 'zoe@fjord.no',
    phone: '+47 22 33 44 55',
    company: 'Fjord Labs',
  },
  {
    firstName: 'Marco',
    lastName: 'Rossi',
    email: 'marco@example.it',
    phone: '06 1234 5678',
    company: 'Café Roma',
  },
  {
    firstName: 'Anna',
    lastName: 'Marcos',
    email: 'anna@example.com',
    phone: '555-0101',
    company: 'Acme',
  },
  {
    firstName: 'Percy',
    lastName: 'Literal',
    email: 'percy%_\\@example.com',
    phone: '1',
    company: "O'Brien & 50% Off",
  },
  {
    firstName: 'Trashy',
    lastName: 'Gone',
    email: 'trashy@example.com',
    phone: '999',
    company: 'Marco Polo Ltd',
  },
];

beforeAll(async () => {
  t = await createTestApp();
  let email: string;
  ({ client, email } = await signedInClient(t));
  const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, email));
  caller = await callerFor(t, user!.id);
  for (const p of people) {
    const created = await makeContact(caller, {
      givenName: p.firstName,
      familyName: p.lastName,
      emails: p.email.includes('%') ? [] : [{ value: p.email, type: '' }],
      phones: [{ value: p.phone, type: '' }],
      org: p.company,
      title: 'Staff',
    });
    if (p.firstName === 'Trashy') await caller.trash.add({ id: created.id });
  }
});

afterAll(async () => {
  await t.close();
});

async function search(query: string): Promise<string[]> {
  return (await caller.search.contacts({ query })).map((r) => r.name);
}

describe('GET /search: search as you type', () => {
  it('returns summaries with _id, name, email and avatar.url', async () => {
    const res = await client.rest('GET', '/search?query=anna');
    expect(res.body.data).toEqual([
      {
        _id: expect.any(String),
        name: 'Anna Marcos',
        email: 'anna@example.com',
        avatar: { url: '' },
      },
    ]);
  });

  it('matches substrings case- and accent-insensitively', async () => {
    expect(await search('angstrom')).toEqual(['Zoë Ångström']);
    expect(await search('ZOE')).toEqual(['Zoë Ångström']);
    expect(await search('ngstr')).toEqual(['Zoë Ångström']);
    expect(await search('cafe')).toEqual(['Marco Rossi']);
    expect(await search('fjord.no')).toEqual(['Zoë Ångström']);
  });

  it('reads past a NUL character instead of failing (PostgreSQL text cannot hold one)', async () => {
    expect(await search('an\u0000na')).toEqual(['Anna Marcos']);
    expect(await search('\u0000')).toEqual([]);
  });

  it('matches phone digits whatever the spacing or + prefix', async () => {
    expect(await search('4722334455')).toEqual(['Zoë Ångström']);
    expect(await search('+47 22 33')).toEqual(['Zoë Ångström']);
    expect(await search('1234 56')).toEqual(['Marco Rossi']);
    expect(await search('5550101')).toEqual(['Anna Marcos']);
  });

  it('ranks matches at the start of a word first', async () => {
    expect(await search('marco')).toEqual(['Marco Rossi', 'Anna Marcos']);
  });

  it('leaves trashed contacts out', async () => {
    expect(await search('trashy')).toEqual([]);
    expect(await search('polo')).toEqual([]);
  });

  it('treats %, _, \\ and quotes as literal characters', async () => {
    expect(await search('%')).toEqual(['Percy Literal']);
    expect(await search('_')).toEqual([]);
    expect(await search('\\')).toEqual([]);
    expect(await search("o'brien")).toEqual(['Percy Literal']);
    expect(await search("'; drop table contacts; --")).toEqual([]);
    expect((await caller.contacts.list({})).items).toHaveLength(4);
  });

  it('answers an empty list for an empty query', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
  });

  it('returns at most 20 results', async () => {
    const many = await signedInCaller(t);
    for (let i = 0; i < 25; i += 1) {
      await makeContact(many, {
        givenName: `Same${i}`,
        familyName: 'Name',
        phones: [{ value: '1', type: '' }],
      });
    }
    expect(await many.search.contacts({ query: 'same' })).toHaveLength(20);
  });
});
