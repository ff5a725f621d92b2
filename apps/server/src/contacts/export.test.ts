import ICAL from 'ical.js';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { trpcData, type TestClient } from '../test-support/test-client';
import { uploadPng } from '../test-support/test-images';
import { signedInClient } from '../test-support/test-users';

let t: TestApp;
let client: TestClient;
let ids: Record<string, string>;
let labelId: string;

interface File {
  filename: string;
  contentType: string;
  content: string;
}

async function exported(input: Record<string, unknown>): Promise<File> {
  const res = await client.mutation('contacts.export', input);
  expect(res.status).toBe(200);
  return trpcData<File>(res);
}

beforeAll(async () => {
  t = await createTestApp();
  ({ client } = await signedInClient(t));
  const publicId = await uploadPng(client);
  ids = {};
  for (const [firstName, extra] of [
    [
      'Ada',
      {
        email: 'ada@example.com',
        avatar: { publicId },
        worksAt: { companyName: 'Analytical, Ltd', jobTitle: 'Countess' },
      },
    ],
    [
      'Bob',
      {
        location: {
          country: 'UK',
          city: 'London',
          postCode: 'SW1A 1AA',
          streetAddress: '1 Main St',
        },
      },
    ],
    ['Cy', { birthday: { day: 15, month: 'april', year: 1990 } }],
    ['Dee', {}],
  ] as const) {
    const res = await client.rest('POST', '/contacts', {
      firstName,
      lastName: 'Example',
      phone: '+44 20 7946 0000',
      ...extra,
    });
    ids[firstName] = (res.body.data as { _id: string })._id;
  }
  await client.rest('PATCH', `/favorites/${ids.Bob}`, { isFavorite: true });
  await client.rest('PATCH', `/trash/${ids.Dee}`);
  labelId = trpcData<{ id: string }>(
    await client.mutation('labels.create', { name: 'Book club; Paris' }),
  ).id;
  await client.mutation('labels.assign', { labelId, contactIds: [ids.Ada, ids.Cy] });
});

afterAll(async () => {
  await t.close();
});

describe('export (Google-compatible CSV and vCard 4.0)', () => {
  it('writes every contact not in the trash as vCard 4.0, with photo and labels', async () => {
    const file = await exported({ format: 'vcf' });
    expect(file.filename).toMatch(/^kith-contacts-\d{4}-\d{2}-\d{2}\.vcf$/);
    expect(file.contentType).toBe('text/vcard; charset=utf-8');
    const cards = (ICAL.parse(file.content) as unknown[][]).map((c) => new ICAL.Component(c));
    expect(cards.map((c) => c.getFirstPropertyValue('fn'))).toEqual([
      'Ada Example',
      'Bob Example',
      'Cy Example',
    ]);
    const ada = cards[0]!;
    expect(ada.getFirstPropertyValue('org')).toBe('Analytical, Ltd');
    expect(String(ada.getFirstPropertyValue('photo'))).toMatch(/^data:image\/webp;base64,/);
    expect(ada.getFirstProperty('categories')!.getValues()).toEqual(['Book club; Paris']);
    expect(cards[1]!.getFirstPropertyValue('adr')).toEqual([
      '',
      '',
      '1 Main St',
      'London',
      '',
      'SW1A 1AA',
      'UK',
    ]);
  });

  it('writes Google-compatible CSV that papaparse reads back', async () => {
    const file = await exported({ format: 'csv' });
    const parsed = Papa.parse<Record<string, string>>(file.content, { header: true });
    expect(parsed.errors).toEqual([]);
    const [ada, bob, cy] = parsed.data;
    expect(ada).toMatchObject({
      'First Name': 'Ada',
      'Last Name': 'Example',
      'E-mail 1 - Value': 'ada@example.com',
      'Organization Name': 'Analytical, Ltd',
      Labels: 'Book club; Paris',
    });
    expect(ada!.Photo).toMatch(/^http:\/\/localhost:3000\/uploads\/.+\.webp\?exp=\d+&sig=/);
    expect(bob).toMatchObject({
      'Address 1 - City': 'London',
      'Address 1 - Postal Code': 'SW1A 1AA',
    });
    expect(cy!.Birthday).toBe('1990-04-15');
  });

  it('exports only the favorites, one label, or a selection', async () => {
    const names = async (input: Record<string, unknown>) =>
      Papa.parse<Record<string, string>>((await exported({ format: 'csv', ...input })).content, {
        header: true,
      }).data.map((row) => row['First Name']);
    expect(await names({ favorites: true })).toEqual(['Bob']);
    expect(await names({ labelId })).toEqual(['Ada', 'Cy']);
    expect(await names({ contactIds: [ids.Cy, ids.Bob, ids.Dee] })).toEqual(['Bob', 'Cy']);
    expect((await exported({ format: 'vcf', labelId })).filename).toMatch(/^kith-book-club-paris-/);
  });

  it("refuses another person's label, and exports none of their contacts", async () => {
    const { client: stranger } = await signedInClient(t);
    expect((await stranger.mutation('contacts.export', { format: 'csv', labelId })).status).toBe(
      404,
    );
    const theirs = await stranger.mutation('contacts.export', {
      format: 'csv',
      contactIds: [ids.Ada],
    });
    const rows = Papa.parse(trpcData<File>(theirs).content, { header: true, skipEmptyLines: true });
    expect(rows.data).toEqual([]);
  });
});
