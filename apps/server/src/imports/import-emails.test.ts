import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { TestClient } from '../test-support/test-client';
import { trpcData } from '../test-support/test-client';
import { signedInClient } from '../test-support/test-users';

// Internationalised email addresses (RFC 6531: UTF-8 in the local part and the domain) are
// emails wherever a contact comes from: a CSV, a vCard, the contact form
// (docs/product/validation.md#a-contacts-emails).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Imported {
  givenName: string;
  emails: { value: string; type: string }[];
  extra: { name: string; value: string }[];
}
interface Preview {
  contacts: Imported[];
  problems: { message: string }[];
}

async function preview(client: TestClient, content: string): Promise<Preview> {
  const res = await client.mutation('imports.preview', { content });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return trpcData<Preview>(res);
}

async function emailsOf(client: TestClient, givenName: string) {
  const res = await client.query('contacts.list', { limit: null });
  const contact = trpcData<{ items: { givenName: string; emails: { value: string }[] }[] }>(
    res,
  ).items.find((c) => c.givenName === givenName);
  return contact?.emails.map((e) => e.value);
}

describe('an email address with letters beyond ASCII', () => {
  it('is imported from a CSV and a vCard as an email; what is no address stays a detail', async () => {
    const { client } = await signedInClient(t);
    const csv = await preview(
      client,
      'First Name,Last Name,E-mail Address\r\nÉmile,Rossi,émile.rossi@exemple.fr\r\nNadia,Brun,nadia chez exemple.fr\r\nLuc,Moreau,luc.@exemple.fr\r\n',
    );
    const emile = csv.contacts.find((c) => c.givenName === 'Émile')!;
    expect(emile.emails).toEqual([{ value: 'émile.rossi@exemple.fr', type: '' }]);
    expect((emile.extra ?? []).filter((e) => e.name === 'EMAIL')).toEqual([]);
    const nadia = csv.contacts.find((c) => c.givenName === 'Nadia')!;
    expect(nadia.emails ?? []).toEqual([]);
    expect(nadia.extra.map((e) => e.value)).toEqual(['nadia chez exemple.fr']);
    // A dot at the end of the local part makes no address (RFC 5321 §4.1.2).
    const luc = csv.contacts.find((c) => c.givenName === 'Luc')!;
    expect(luc.emails ?? []).toEqual([]);
    expect(luc.extra.map((e) => e.value)).toEqual(['luc.@exemple.fr']);

    const card = await preview(
      client,
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jörg Müller\r\nN:Müller;Jörg;;;\r\nEMAIL;TYPE=HOME:jörg@müller.de\r\nEND:VCARD\r\n',
    );
    expect(card.contacts[0]!.emails).toEqual([{ value: 'jörg@müller.de', type: 'home' }]);

    const res = await client.mutation('imports.batch', {
      importId: crypto.randomUUID(),
      create: [...csv.contacts, ...card.contacts],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await emailsOf(client, 'Émile')).toEqual(['émile.rossi@exemple.fr']);
    expect(await emailsOf(client, 'Jörg')).toEqual(['jörg@müller.de']);

    // The imported contact saves from the form as it came, its email and all.
    const list = trpcData<{ items: { id: string; givenName: string }[] }>(
      await client.query('contacts.list', { limit: null }),
    ).items;
    const saved = await client.mutation('contacts.update', {
      id: list.find((c) => c.givenName === 'Émile')!.id,
      emails: [{ value: 'émile.rossi@exemple.fr', type: 'work' }],
      title: 'Cartographe',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('is saved from the contact form, and a value that is no address is refused', async () => {
    const { client } = await signedInClient(t);
    const create = (value: string) =>
      client.mutation('contacts.create', {
        givenName: 'Émile',
        familyName: 'Rossi',
        emails: [{ value, type: '' }],
        phones: [{ value: '+33 1 23 45 67 89', type: 'cell' }],
      });
    const saved = await create('Émile.Rossi@exemple.fr');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await emailsOf(client, 'Émile')).toEqual(['émile.rossi@exemple.fr']);
    for (const value of ['émile rossi@exemple.fr', 'émile@', '@exemple.fr', 'émile']) {
      expect((await create(value)).status).toBe(400);
    }
  });
});
