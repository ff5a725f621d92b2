import ICAL from 'ical.js';
import Papa from 'papaparse';
import type { ContactCreateInput } from '@kith/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  makeContact,
  makeImage,
  makeLabel,
  signedInCaller,
  type Caller,
} from '../test-support/test-caller';

// Procedure-layer tests (createCaller): what an export file holds is the export's rule.
let t: TestApp;
let caller: Caller;
let ids: Record<string, string>;
let labelId: string;

type ExportInput = Parameters<Caller['contacts']['export']>[0];

function exported(input: ExportInput) {
  return caller.contacts.export(input);
}

beforeAll(async () => {
  t = await createTestApp();
  caller = await signedInCaller(t);
  const photo = await makeImage(caller);
  ids = {};
  for (const [givenName, extra] of [
    [
      'Ada',
      {
        emails: [{ value: 'ada@example.com', type: '' }],
        photo,
        org: 'Analytical, Ltd',
        title: 'Countess',
      },
    ],
    [
      'Bob',
      {
        addresses: [
          {
            type: '',
            poBox: '',
            extended: '',
            street: '1 Main St',
            locality: 'London',
            region: '',
            postalCode: 'SW1A 1AA',
            country: 'UK',
          },
        ],
      },
    ],
    ['Cy', { birthday: { day: 15, month: 4, year: 1990 } }],
    ['Dee', {}],
  ] satisfies [string, Partial<ContactCreateInput>][]) {
    const created = await makeContact(caller, {
      givenName,
      familyName: 'Example',
      phones: [{ value: '+44 20 7946 0000', type: '' }],
      ...extra,
    });
    ids[givenName] = created.id;
  }
  await caller.favorites.set({ id: ids.Bob!, isFavorite: true });
  await caller.trash.add({ id: ids.Dee! });
  labelId = (await makeLabel(caller, 'Book club; Paris', [ids.Ada!, ids.Cy!])).id;
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
    const names = async (input: Omit<ExportInput, 'format'>) =>
      Papa.parse<Record<string, string>>((await exported({ format: 'csv', ...input })).content, {
        header: true,
      }).data.map((row) => row['First Name']);
    expect(await names({ favorites: true })).toEqual(['Bob']);
    expect(await names({ labelId })).toEqual(['Ada', 'Cy']);
    expect(await names({ contactIds: [ids.Cy!, ids.Bob!, ids.Dee!] })).toEqual(['Bob', 'Cy']);
    expect((await exported({ format: 'vcf', labelId })).filename).toMatch(/^kith-book-club-paris-/);
  });

  it("refuses another person's label, and exports none of their contacts", async () => {
    const stranger = await signedInCaller(t);
    await expect(stranger.contacts.export({ format: 'csv', labelId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const theirs = await stranger.contacts.export({ format: 'csv', contactIds: [ids.Ada!] });
    const rows = Papa.parse(theirs.content, { header: true, skipEmptyLines: true });
    expect(rows.data).toEqual([]);
  });
});
