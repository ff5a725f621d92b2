import { schema } from '@kith/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  callerFor,
  makeContact,
  makeUser,
  signedInCaller,
  type Caller,
} from '../test-support/test-caller';
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

describe('search in a large book: the best matches, never a sample', () => {
  let book: Caller;

  beforeAll(async () => {
    const user = await makeUser(t);
    book = await callerFor(t, user.id);
    const person = (givenName: string, familyName: string, phone = '') => ({
      userId: user.id,
      givenName,
      familyName,
      phones: phone ? [{ value: phone, type: '' }] : [],
    });
    // 26 names that start with "mar" (Marao Prefix ... Marzo Prefix, so "Margo Prefix"
    // among them), inserted in reverse so the table's order is not the names' order.
    const prefixes = Array.from({ length: 26 }, (_, i) =>
      person(`Mar${String.fromCharCode(97 + i)}o`, 'Prefix'),
    ).reverse();
    await t.db
      .insert(schema.contacts)
      .values([
        ...prefixes,
        person('Anna', 'Margolis'),
        person('Omargh', 'Inside'),
        person('Abel', 'Marsh'),
        person('Yan', 'Phone', '+1 415 555 7788'),
        person('Zed', 'Phone', '555 7788'),
      ]);
    // 1,100 people who all match "mbrell" mid-word: common enough to be taken in name order.
    await t.db.execute(sql`
      insert into ${schema.contacts} (user_id, given_name, family_name, emails)
      select ${user.id}, 'Worker', lpad(n::text, 4, '0'),
             jsonb_build_array(jsonb_build_object('value', 'w' || n || '@umbrella.test', 'type', ''))
      from generate_series(1, 1100) as n`);
  }, 120_000);

  async function names(query: string): Promise<string[]> {
    return (await book.search.contacts({ query })).map((r) => r.name);
  }

  it('answers the first 20 names that start with a common prefix, in name order', async () => {
    const expected = Array.from(
      { length: 20 },
      (_, i) => `Mar${String.fromCharCode(97 + i)}o Prefix`,
    );
    expect(await names('mar')).toEqual(expected);
    expect(await names('MA')).toEqual(expected);
  });

  it('adds matches at the start of another word, then inside a word, when few names start so', async () => {
    expect(await names('marg')).toEqual(['Margo Prefix', 'Anna Margolis', 'Omargh Inside']);
    expect(await names('arsh')).toEqual(['Abel Marsh']);
  });

  it('answers a rare one- or two-letter query with its word starts before its mid-word matches', async () => {
    expect(await names('ph')).toEqual(['Yan Phone', 'Zed Phone']);
    expect(await names('ab')).toEqual(['Abel Marsh']);
    expect(await names('gh')).toEqual(['Omargh Inside']);
  });

  it('puts phone numbers that start with the digits before those that contain them', async () => {
    expect(await names('555 7788')).toEqual(['Zed Phone', 'Yan Phone']);
  });

  it('answers the first 20 matches in name order when a query matches most of the book', async () => {
    const expected = Array.from(
      { length: 20 },
      (_, i) => `Worker ${String(i + 1).padStart(4, '0')}`,
    );
    expect(await names('mbrell')).toEqual(expected);
  });

  it('leaves a trashed name prefix out and lets the next one in', async () => {
    const [first] = await book.search.contacts({ query: 'marao' });
    await book.trash.add({ id: first!.id });
    expect((await names('mar'))[0]).toBe('Marbo Prefix');
    expect(await names('mar')).toContain('Marto Prefix');
  });
});
