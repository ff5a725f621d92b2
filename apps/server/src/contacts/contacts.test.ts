import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { TestClient } from '../test-support/test-client';
import { signedInClient } from '../test-support/test-users';

let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ client } = await signedInClient(t));
});

afterAll(async () => {
  await t.close();
});

const ada = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0018',
  worksAt: { companyName: 'Analytical Engines', jobTitle: 'Programmer' },
  location: { country: 'UK', city: 'London', postCode: 'W1 0AA', streetAddress: '12 St James Sq' },
  birthday: { day: 10, month: 'december', year: 1985 },
};

async function create(values: Record<string, unknown>, by = client) {
  const res = await by.rest('POST', '/contacts', values);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; name: string } & Record<string, unknown>;
}

describe('POST /contacts and GET /contacts/{id}: the legacy contact shape', () => {
  it('creates a contact and returns it in the legacy shape with its _id', async () => {
    const res = await client.rest('POST', '/contacts', ada);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Contact Created');
    const contact = res.body.data as Record<string, unknown>;
    expect(contact).toMatchObject({
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0018',
      avatar: { url: '', publicId: '' },
      worksAt: ada.worksAt,
      location: ada.location,
      birthday: ada.birthday,
      isFavorite: false,
      isTrashed: false,
      trashedAt: null,
    });
    const fetched = await client.rest('GET', `/contacts/${contact._id as string}`);
    expect(fetched.body.data).toEqual(contact);
  });

  it('keeps post codes as text, and accepts a number from a legacy client', async () => {
    const leading = await create({ ...ada, location: { ...ada.location, postCode: '01234' } });
    expect((leading.location as { postCode: string }).postCode).toBe('01234');
    const legacy = await create({ ...ada, location: { ...ada.location, postCode: 75008 } });
    expect((legacy.location as { postCode: string }).postCode).toBe('75008');
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: ' ' }, 'lastName', 'Last name is required'],
    [{ email: 'nope' }, 'email', 'Invalid email'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [
      { worksAt: { companyName: 'Acme' } },
      'worksAt',
      'If one worksAt field is filled, all must be filled.',
    ],
    [
      { location: { city: 'Paris' } },
      'location',
      'If one location field is filled, all must be filled.',
    ],
    [{ birthday: { day: 3 } }, 'birthday', 'If one birthday field is filled, all must be filled.'],
    [
      { birthday: { day: 32, month: 'may', year: 1990 } },
      'birthday.day',
      'Day must be between 1 and 31',
    ],
    [
      { birthday: { day: 1, month: 'Smarch', year: 1990 } },
      'birthday.month',
      'Choose a month from January to December',
    ],
    [
      { birthday: { day: 1, month: 'may', year: 1899 } },
      'birthday.year',
      `Year must be between 1900 and ${new Date().getFullYear()}`,
    ],
    [
      { birthday: { day: 1, month: 'may', year: new Date().getFullYear() + 1 } },
      'birthday.year',
      `Year must be between 1900 and ${new Date().getFullYear()}`,
    ],
    [
      { birthday: { day: 30, month: 'february', year: 1990 } },
      'birthday.day',
      'This date does not exist',
    ],
  ])('answers 400 for %j, naming %s with the form message', async (change, field, message) => {
    const res = await client.rest('POST', '/contacts', { ...ada, ...change });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect((res.body.errors as Record<string, string[]>)[field]).toContain(message);
  });

  it('accepts a contact with only the required fields', async () => {
    const contact = await create({ firstName: 'Kin', lastName: 'Min', phone: '123' });
    expect(contact).toMatchObject({ email: '', worksAt: { companyName: '', jobTitle: '' } });
  });

  it('answers 400, not 500, for text with a NUL character, which no field can store', async () => {
    const rest = await client.rest('POST', '/contacts', {
      firstName: 'Nul\u0000',
      lastName: 'Byte',
      phone: '1',
    });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe('Text cannot contain a NUL character.');
    const label = await client.mutation('labels.create', { name: 'a\u0000b' });
    expect(label.status).toBe(400);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(
      (await client.rest('GET', '/contacts/6f1c1d55-3c57-4ef8-8f41-9b1f4d3a0a11')).status,
    ).toBe(404);
    const bad = await client.rest('GET', '/contacts/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('id');
  });
});

describe('edits (PATCH and PUT /contacts/{id})', () => {
  it('changes the given fields with PATCH, splitting the single name field', async () => {
    const contact = await create(ada);
    const res = await client.rest('PATCH', `/contacts/${contact._id}`, {
      name: 'Augusta Ada King',
      phone: '555',
      worksAt: { companyName: '', jobTitle: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Contact Updated');
    expect(res.body.data).toMatchObject({
      name: 'Augusta Ada King',
      firstName: 'Augusta Ada',
      lastName: 'King',
      phone: '555',
      email: 'ada@example.com',
      worksAt: { companyName: '', jobTitle: '' },
    });
  });

  it('takes a multipart PUT with JSON-text fields', async () => {
    const contact = await create(ada);
    const form = new FormData();
    form.set('name', 'Ada Byron');
    form.set('email', 'byron@example.com');
    form.set('phone', '777');
    form.set(
      'location',
      JSON.stringify({ country: 'FR', city: 'Paris', postCode: '75001', streetAddress: '1 Rue' }),
    );
    form.set('birthday', JSON.stringify({ day: 1, month: 'april', year: 1990 }));
    const request = new Request('http://x', { method: 'PUT', body: form });
    const res = await client.send({
      method: 'PUT',
      url: `/api/v1/contacts/${contact._id}`,
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Ada Byron',
      email: 'byron@example.com',
      location: { city: 'Paris', postCode: '75001' },
      birthday: { day: 1, month: 'april', year: 1990 },
    });
  });

  it('answers 400 naming the field when a multipart JSON field is not JSON', async () => {
    const contact = await create(ada);
    const form = new FormData();
    form.set('location', '{not json');
    const request = new Request('http://x', { method: 'PUT', body: form });
    const res = await client.send({
      method: 'PUT',
      url: `/api/v1/contacts/${contact._id}`,
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('location');
  });
});

describe('favorites', () => {
  it('sets and clears the flag with the product messages, and lists favorites', async () => {
    const contact = await create({ ...ada, firstName: 'Grace', lastName: 'Hopper' });
    const on = await client.rest('PATCH', `/favorites/${contact._id}`, { isFavorite: true });
    expect(on.body).toMatchObject({
      message: 'Added Grace Hopper to favorites',
      data: { isFavorite: true, name: 'Grace Hopper' },
    });
    const favorites = await client.rest('GET', '/favorites');
    expect((favorites.body.data as { _id: string }[]).map((c) => c._id)).toContain(contact._id);
    const off = await client.rest('PATCH', `/favorites/${contact._id}`, { isFavorite: false });
    expect(off.body.message).toBe('Removed Grace Hopper to favorites');
    const after = await client.rest('GET', '/favorites');
    expect((after.body.data as { _id: string }[]).map((c) => c._id)).not.toContain(contact._id);
  });

  it('answers 400 when isFavorite is not a boolean', async () => {
    const contact = await create(ada);
    const res = await client.rest('PATCH', `/favorites/${contact._id}`, { isFavorite: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('isFavorite');
  });
});

describe('trash', () => {
  it('moves a contact to the trash with trashedAt, recovers it, and deletes it forever', async () => {
    const contact = await create(ada);
    const trashed = await client.rest('PATCH', `/trash/${contact._id}`);
    expect(trashed.body.message).toBe('Contact move to trash');
    const list = (await client.rest('GET', '/contacts')).body.data as { _id: string }[];
    expect(list.map((c) => c._id)).not.toContain(contact._id);
    const trash = (await client.rest('GET', '/trash')).body.data as {
      _id: string;
      trashedAt: string;
      isTrashed: boolean;
    }[];
    const entry = trash.find((c) => c._id === contact._id)!;
    expect(entry.isTrashed).toBe(true);
    expect(new Date(entry.trashedAt).getTime()).toBeGreaterThan(0);

    const recovered = await client.rest('PATCH', `/contacts/recover/${contact._id}`);
    expect(recovered.body.message).toBe('Contact recovered');
    expect((await client.rest('GET', `/contacts/${contact._id}`)).body.data).toMatchObject({
      isTrashed: false,
    });

    // Only trashed contacts can be deleted forever.
    expect((await client.rest('DELETE', `/contacts/delete/${contact._id}`)).status).toBe(404);
    await client.rest('PATCH', `/trash/${contact._id}`);
    const deleted = await client.rest('DELETE', `/contacts/delete/${contact._id}`);
    expect(deleted.body.message).toBe('Contact Deleted');
    expect((await client.rest('GET', `/contacts/${contact._id}`)).status).toBe(404);
  });

  it('trashes, recovers and deletes in bulk with the count messages', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await create({ ...ada, firstName: `Bulk${i}` }))._id);
    const trashed = await client.rest('PATCH', '/trash', { contactIds: ids });
    expect(trashed.body.message).toBe('3 add to trash');
    const recovered = await client.rest('PATCH', '/contacts/recover', {
      contactIds: ids.slice(0, 1),
    });
    expect(recovered.body.message).toBe('Contacts recovered');
    const deleted = await client.rest('DELETE', '/contacts/delete', { contactIds: ids });
    expect(deleted.body.message).toBe('2 contacts deleted');
    expect((await client.rest('GET', `/contacts/${ids[0]}`)).status).toBe(200);
  });

  it('empties the trash', async () => {
    const contact = await create(ada);
    await client.rest('PATCH', `/trash/${contact._id}`);
    const res = await client.rest('DELETE', '/contacts/empty');
    expect(res.body.message).toBe('Trash emptied');
    expect((await client.rest('GET', '/trash')).body.data).toEqual([]);
  });

  it('answers 400 for a bulk call without ids', async () => {
    const res = await client.rest('PATCH', '/trash', { contactIds: [] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('contactIds');
  });
});

describe('lists', () => {
  it('pages through contacts in a stable name order with a cursor (tRPC)', async () => {
    const { client: fresh } = await signedInClient(t);
    for (const first of ['Émile', 'zoe', 'Anna', 'bob', 'Chloé']) {
      await create({ firstName: first, lastName: 'Test', phone: '1' }, fresh);
    }
    const first = await fresh.query('contacts.list', { limit: 2 });
    const page1 = first.body as {
      result: {
        data: {
          json: { items: { givenName: string }[]; nextCursor: string; total: number | null };
        };
      };
    };
    expect(page1.result.data.json.total).toBe(5);
    const names = page1.result.data.json.items.map((c) => c.givenName);
    let cursor: string | null = page1.result.data.json.nextCursor;
    while (cursor) {
      const next = await fresh.query('contacts.list', { limit: 2, cursor });
      const json = (next.body as typeof page1).result.data.json;
      // Counted once, on the first page; later pages leave it to that one.
      expect(json.total).toBeNull();
      names.push(...json.items.map((c) => c.givenName));
      cursor = json.nextCursor;
    }
    expect(names).toEqual(['Anna', 'bob', 'Chloé', 'Émile', 'zoe']);
  });
});

describe('refused input over tRPC', () => {
  it('says the first reason in words, not zod’s JSON, and keeps every field under zodError', async () => {
    const res = await client.query('contacts.byId', { id: 'garbage' });
    expect(res.status).toBe(400);
    const error = (res.body as { error: { json: { message: string; data: unknown } } }).error.json;
    expect(error.message).toBe('Unknown contact');
    expect(error.data).toMatchObject({
      code: 'BAD_REQUEST',
      zodError: { id: ['Unknown contact'] },
    });
  });
});
