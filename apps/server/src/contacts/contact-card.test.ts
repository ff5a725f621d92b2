import { schema } from '@kith/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  callerFor,
  makeContact,
  makeUser,
  nameOf,
  signedInCaller,
} from '../test-support/test-caller';
import { signedInClient } from '../test-support/test-users';

// The contact as a card: several typed values, the legacy single fields as the preferred ones,
// and search, duplicates and merge over every value. Procedure-layer tests (createCaller), but
// for the legacy single fields, which only the REST API speaks: that test goes over HTTP.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const address = {
  type: 'work',
  poBox: 'PO Box 7',
  extended: 'Floor 2',
  street: '1 Main St',
  locality: 'Albany',
  region: 'NY',
  postalCode: '12207',
  country: 'USA',
};

describe('a contact holds several typed values', () => {
  it('keeps every phone, email, address and date with its type, in order, and the other parts of the card', async () => {
    const caller = await signedInCaller(t);
    const created = await caller.contacts.create({
      givenName: 'Ada',
      familyName: 'Lovelace',
      phones: [
        { value: '+44 20 7946 0018', type: 'cell' },
        { value: '+44 20 7946 0019', type: 'work,fax' },
        { value: '555 0100', type: 'Boat' },
      ],
      emails: [
        { value: 'ADA@Example.com', type: 'home' },
        { value: 'ada@work.example', type: 'work' },
      ],
      addresses: [address],
      dates: [{ type: 'anniversary', day: 8, month: 7, year: 1835 }],
      urls: [{ value: 'https://ada.example', type: '' }],
      additionalNames: 'Augusta',
      honorificPrefixes: 'Countess',
      nickname: 'Enchantress',
      orgUnits: ['Engines'],
      note: 'Wrote the first program.',
    });
    const ada = await caller.contacts.byId({ id: created.id });
    expect(ada).toMatchObject({
      phones: [
        { value: '+44 20 7946 0018', type: 'cell' },
        { value: '+44 20 7946 0019', type: 'work,fax' },
        { value: '555 0100', type: 'Boat' },
      ],
      emails: [
        { value: 'ada@example.com', type: 'home' },
        { value: 'ada@work.example', type: 'work' },
      ],
      addresses: [address],
      dates: [{ type: 'anniversary', day: 8, month: 7, year: 1835 }],
      additionalNames: 'Augusta',
      nickname: 'Enchantress',
      orgUnits: ['Engines'],
      note: 'Wrote the first program.',
    });
  });

  it('a legacy client writing one phone, email or location changes only the preferred value', async () => {
    const { client } = await signedInClient(t);
    const created = await client.rest('POST', '/contacts', {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '1',
      phones: [
        { value: '1', type: 'cell' },
        { value: '2', type: 'home' },
      ],
      emails: [
        { value: 'a@example.com', type: 'work' },
        { value: 'b@example.com', type: 'home' },
      ],
      addresses: [address, { ...address, type: 'home', street: '2 Side St' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The legacy single fields read the first value of each list.
    expect(created.body.data).toMatchObject({
      phone: '1',
      email: 'a@example.com',
      location: { streetAddress: '1 Main St', city: 'Albany', postCode: '12207', country: 'USA' },
    });
    const { _id } = created.body.data as { _id: string };
    const patched = await client.rest('PATCH', `/contacts/${_id}`, {
      phone: '+1 555 0199',
      email: 'new@example.com',
      location: { streetAddress: '9 New Rd', city: 'Troy', postCode: '12180', country: 'USA' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const grace = (await client.rest('GET', `/contacts/${_id}`)).body.data as {
      phones: unknown[];
      emails: unknown[];
      addresses: { street: string }[];
    };
    expect(grace.phones).toEqual([
      { value: '+1 555 0199', type: 'cell' },
      { value: '2', type: 'home' },
    ]);
    expect(grace.emails).toEqual([
      { value: 'new@example.com', type: 'work' },
      { value: 'b@example.com', type: 'home' },
    ]);
    // The region, PO box and type of the preferred address stay; only the legacy parts change.
    expect(grace.addresses[0]).toEqual({
      ...address,
      street: '9 New Rd',
      locality: 'Troy',
      postalCode: '12180',
    });
    expect(grace.addresses[1]!.street).toBe('2 Side St');

    // An empty email removes the preferred one; the next becomes preferred.
    await client.rest('PATCH', `/contacts/${_id}`, { email: '' });
    const after = await client.rest('GET', `/contacts/${_id}`);
    expect((after.body.data as { email: string }).email).toBe('b@example.com');
  });

  it('refuses an invalid email in the list, naming the value', async () => {
    const caller = await signedInCaller(t);
    await expect(
      caller.contacts.create({
        givenName: 'X',
        familyName: 'Y',
        phones: [{ value: '1', type: '' }],
        emails: [{ value: 'not an email', type: '' }],
      }),
    ).rejects.toThrow('Invalid email');
  });

  it('search finds a contact by any email, any phone’s digits, its nickname and department', async () => {
    const caller = await signedInCaller(t);
    await caller.contacts.create({
      givenName: 'Margaret',
      familyName: 'Hamilton',
      phones: [
        { value: '+1 617 555 0142', type: 'cell' },
        { value: '+1 617 555 0987', type: 'work' },
      ],
      emails: [
        { value: 'margaret@example.com', type: '' },
        { value: 'mh@apollo.example', type: 'work' },
      ],
      nickname: 'Maggie',
      orgUnits: ['Software Engineering Division'],
    });
    for (const query of ['apollo.exam', '5550987', '617 555 0987', 'maggie', 'software eng']) {
      const results = await caller.search.contacts({ query });
      expect(
        results.map((r) => r.name),
        query,
      ).toEqual(['Margaret Hamilton']);
    }
    // Digits never match across two numbers.
    expect(await caller.search.contacts({ query: '01421' })).toEqual([]);
  });

  it('Merge & fix finds duplicates by any email or phone, and a merge keeps every value of both', async () => {
    const caller = await signedInCaller(t);
    const first = await makeContact(caller, {
      givenName: 'Alan',
      familyName: 'Turing',
      phones: [{ value: '+44 1234 000001', type: '' }],
      emails: [{ value: 'alan@example.org', type: 'home' }],
    });
    const second = await makeContact(caller, {
      givenName: 'Alan',
      familyName: 'Turing',
      additionalNames: 'Mathison',
      phones: [{ value: '+44 1234 000002', type: '' }],
      emails: [
        { value: 'turing@bletchley.example', type: 'work' },
        { value: 'alan@example.org', type: 'other' },
      ],
      dates: [{ type: 'Graduation', day: 1, month: 6, year: 1934 }],
    });
    const { groups } = await caller.contacts.duplicates();
    expect(groups).toHaveLength(1);
    expect(groups[0]!.reasons).toContain('email');

    const merged = await caller.contacts.merge({
      keepId: first.id,
      mergeIds: [second.id],
      take: { phone: second.id, name: second.id },
    });
    // The picked name comes whole, its middle name too.
    expect(merged).toMatchObject({
      givenName: 'Alan',
      familyName: 'Turing',
      additionalNames: 'Mathison',
    });
    expect(merged.phones).toEqual([
      { value: '+44 1234 000002', type: '' },
      { value: '+44 1234 000001', type: '' },
    ]);
    expect(merged.emails).toEqual([
      { value: 'alan@example.org', type: 'home' },
      { value: 'turing@bletchley.example', type: 'work' },
    ]);
    expect(merged.dates).toEqual([{ type: 'Graduation', day: 1, month: 6, year: 1934 }]);
  });

  it('sorts a contact with a family name alone under that name', async () => {
    const user = await makeUser(t);
    const caller = await callerFor(t, user.id);
    await t.db.insert(schema.contacts).values([
      { userId: user.id, givenName: 'Zed', familyName: 'Adams' },
      { userId: user.id, givenName: '', familyName: 'Smith' },
      { userId: user.id, givenName: 'Ada', familyName: 'Zane' },
    ]);
    const byFirst = await caller.contacts.list({ sort: 'first_name' });
    expect(byFirst.items.map(nameOf)).toEqual(['Ada Zane', 'Smith', 'Zed Adams']);
    const byLast = await caller.contacts.list({ sort: 'last_name' });
    expect(byLast.items.map(nameOf)).toEqual(['Zed Adams', 'Smith', 'Ada Zane']);
  });
});
