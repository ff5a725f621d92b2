import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runRetention } from '@kith/api';
import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { nameOf } from '../test-support/test-caller';
import { TestClient, trpcData } from '../test-support/test-client';
import { png } from '../test-support/test-images';
import { signedInClient } from '../test-support/test-users';

/** The committed import fixtures (packages/api/src/imports/fixtures). */
const fixture = (name: string) =>
  readFileSync(
    new URL(`../../../../packages/api/src/imports/fixtures/${name}`, import.meta.url),
    'utf8',
  );

interface Extra {
  name: string;
  label: string;
  value: string;
  components?: string[];
}
/** An imported contact as the preview answers it: optional parts only when filled. */
interface Imported {
  row: number;
  givenName: string;
  familyName: string;
  additionalNames?: string;
  honorificPrefixes?: string;
  emails: { value: string; type: string }[];
  phones: { value: string; type: string }[];
  org: string;
  title: string;
  addresses: Record<string, string>[];
  urls?: { value: string; type: string }[];
  note?: string;
  birthday: { day: number; month: number; year: number | null } | null;
  photo: string;
  labels: string[];
  isFavorite: boolean;
  extra: Extra[];
}
interface Preview {
  format: string;
  columns: string[];
  sample: string[][];
  mapping: string[];
  needsMapping: boolean;
  contacts: Imported[];
  problems: { row: number; name: string; severity: string; message: string }[];
  duplicates: { row: number; contactId: string; name: string; reason: string }[];
}
interface Contact {
  id: string;
  givenName: string;
  familyName: string;
  emails: { value: string; type: string }[];
  phones: { value: string; type: string }[];
  isFavorite: boolean;
  photo: { url: string; imageId: string } | null;
  birthday: { day: number; month: number; year: number | null } | null;
  addresses: { street: string; locality: string; postalCode: string; country: string }[];
  extra: Extra[];
}

let t: TestApp;
let photoPng: Buffer;
const fetched: string[] = [];

beforeAll(async () => {
  photoPng = await png(40, 40);
  t = await createTestApp({
    // Stands in for the internet: one address answers a photo, every other one fails.
    fetchPhoto: async (address) => {
      fetched.push(address);
      if (address === 'https://photos.example/ok.png') return photoPng;
      throw new Error('unreachable');
    },
  });
});

afterAll(async () => {
  await t.close();
});

/**
 * `imports.preview` with a file's text, as the SDK sends it: `{status, body}`, the body the
 * preview or `{message}`. The web app's upload reads a file with the same readers
 * (import-files.test.ts compares the two).
 */
async function postPreview(client: TestClient, input: Record<string, unknown>) {
  const res = await client.mutation('imports.preview', input);
  if (res.status === 200) return { status: 200, body: trpcData<Preview>(res) };
  const message = (res.body as { error?: { json?: { message?: string } } }).error?.json?.message;
  return { status: res.status, body: { message } };
}

async function preview(client: TestClient, content: string, mapping?: string[]) {
  const res = await postPreview(client, { content, mapping });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Preview;
}

async function batch(client: TestClient, input: Record<string, unknown>) {
  const res = await client.mutation('imports.batch', input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return trpcData<{ created: number; updated: number; photosFailed: number }>(res);
}

async function allContacts(client: TestClient): Promise<Contact[]> {
  const res = await client.query('contacts.list', { limit: null });
  return trpcData<{ items: Contact[] }>(res).items;
}

const byName = (contacts: Imported[], name: string) => contacts.find((c) => c.givenName === name)!;

describe('import preview: files are read, nothing is written', () => {
  it('reads a Google CSV: labels, starred, every email and phone with its type, problems by row', async () => {
    const { client } = await signedInClient(t);
    const result = await preview(client, fixture('google.csv'));
    expect(result.format).toBe('google');
    expect(result.contacts.map((c) => [c.givenName, c.additionalNames ?? ''])).toEqual([
      ['Ada', ''],
      ['José', 'María'],
      ['Acme Ltd', ''],
      ['Grace', ''],
    ]);
    const ada = byName(result.contacts, 'Ada');
    expect(ada).toMatchObject({
      familyName: 'Lovelace',
      honorificPrefixes: 'Countess',
      emails: [
        { value: 'ada@example.com', type: 'home' },
        { value: 'ada@engines.example', type: 'work' },
      ],
      phones: [
        { value: '+44 20 7946 0001', type: 'cell' },
        { value: '+44 20 7946 0002', type: 'work' },
      ],
      org: 'Analytical Engines',
      title: 'Mathematician',
      addresses: [
        expect.objectContaining({
          street: "12 St James's Square",
          locality: 'London',
          postalCode: 'SW1Y 4JH',
          country: 'United Kingdom',
        }),
      ],
      urls: [{ value: 'https://ada.example.com', type: 'Homepage' }],
      note: 'Wrote the first program.\nSecond line.',
      birthday: { day: 10, month: 12, year: 1815 },
      labels: ['Friends'],
      isFavorite: true,
    });
    expect(ada.extra).toEqual([
      { name: 'X-CUSTOM', label: 'Favourite engine', value: 'Difference Engine' },
    ]);
    const jose = byName(result.contacts, 'José');
    expect(jose.birthday).toEqual({ day: 15, month: 4, year: null });
    expect(jose.labels).toEqual(['Book club']);
    expect(jose.phones).toContainEqual({ value: '+34 600 000 002', type: 'cell' });
    // The region stays apart from the city.
    expect(jose.addresses[0]).toMatchObject({ locality: 'Madrid', region: 'Madrid' });
    expect(result.problems).toEqual([
      expect.objectContaining({ row: 4, name: 'Acme Ltd', severity: 'warning' }),
      expect.objectContaining({
        row: 5,
        severity: 'error',
        message: 'No name, email, phone or company: there is nothing to import.',
      }),
      expect.objectContaining({
        row: 6,
        name: 'Grace Hopper',
        severity: 'warning',
        message: '"not-an-email" is not a valid email; it is kept with the other details.',
      }),
    ]);
    expect(await allContacts(client)).toEqual([]);
  });

  it('reads Google legacy headers and Outlook CSV', async () => {
    const { client } = await signedInClient(t);
    const legacy = await preview(client, fixture('google-legacy.csv'));
    expect(legacy.format).toBe('google-legacy');
    expect(legacy.contacts[0]).toMatchObject({
      givenName: 'Alan',
      familyName: 'Turing',
      emails: [expect.objectContaining({ value: 'alan@example.org' })],
      org: 'Bletchley Park',
      title: 'Cryptanalyst',
      labels: ['Colleagues'],
      birthday: { day: 23, month: 6, year: 1912 },
    });
    expect(legacy.contacts[0]!.extra).toContainEqual({
      name: 'X-CUSTOM',
      label: 'Hobby',
      value: 'Running',
    });

    const outlook = await preview(client, fixture('outlook.csv'));
    expect(outlook.format).toBe('outlook');
    expect(outlook.contacts[0]).toMatchObject({
      givenName: 'Katherine',
      familyName: 'Johnson',
      honorificPrefixes: 'Dr.',
      emails: [
        { value: 'katherine@nasa.example.gov', type: '' },
        { value: 'kj@example.com', type: '' },
      ],
      org: 'NASA',
      addresses: [expect.objectContaining({ locality: 'Hampton', type: 'work' })],
      birthday: { day: 26, month: 8, year: 1918 },
      labels: ['NASA', 'Heroes'],
    });
    expect(outlook.contacts[0]!.phones).toEqual(
      expect.arrayContaining([
        { value: '+1 757 555 0100', type: 'cell' },
        { value: '+1 757 555 0199', type: 'work' },
      ]),
    );
    // Outlook's defaults for empty columns are not kept as fields.
    expect(outlook.contacts[0]!.extra.map((e) => e.label)).not.toContain('Priority');
  });

  it('asks where the columns of any other CSV go, suggesting a mapping', async () => {
    const { client } = await signedInClient(t);
    const first = await preview(client, fixture('other.csv'));
    expect(first).toMatchObject({
      format: 'csv',
      needsMapping: true,
      columns: ['Full name', 'E-mail', 'Mobile', 'Town', 'Tags', 'Shoe size'],
      mapping: ['fullName', 'email', 'phone', 'city', 'labels', 'custom'],
      contacts: [],
    });
    expect(first.sample[0]).toEqual([
      'Marie Curie',
      'marie@example.fr',
      '+33 1 23 45 67 89',
      'Paris',
      'Science,Nobel',
      '38',
    ]);
    const mapped = await preview(client, fixture('other.csv'), [
      'fullName',
      'email',
      'phone',
      'city',
      'labels',
      'ignore',
    ]);
    expect(mapped.contacts[0]).toMatchObject({
      givenName: 'Marie',
      familyName: 'Curie',
      addresses: [expect.objectContaining({ locality: 'Paris' })],
      labels: ['Science', 'Nobel'],
      extra: [],
    });

    const short = await postPreview(client, {
      content: fixture('other.csv'),
      mapping: ['fullName'],
    });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: 'Choose where each column goes.' });
  });

  it('reads vCard 2.1 (quoted-printable, nameless parameters, base64 photo)', async () => {
    const { client } = await signedInClient(t);
    const result = await preview(client, fixture('vcard-21.vcf'));
    expect(result.format).toBe('vcard');
    const [juergen, yuki] = result.contacts;
    expect(juergen).toMatchObject({
      givenName: 'Jürgen',
      familyName: 'Müller',
      phones: [
        expect.objectContaining({ value: '+49 30 1234567' }),
        { value: '+49 30 7654321', type: 'work' },
      ],
      emails: [expect.objectContaining({ value: 'juergen@example.de' })],
      note: 'Erste Zeile\nZweite Zeile, sehr lang und weich umbrochen.',
      birthday: { day: 1, month: 1, year: 1970 },
    });
    expect(juergen!.photo).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(juergen!.extra).toEqual([]);
    expect(yuki!.addresses[0]).toMatchObject({ locality: 'Tokyo', country: 'Japan' });
  });

  it('reads vCard 3.0 from Apple (itemN labels, year 1604, categories) and 4.0', async () => {
    const { client } = await signedInClient(t);
    const apple = (await preview(client, fixture('vcard-30.vcf'))).contacts[0]!;
    expect(apple).toMatchObject({
      givenName: 'Margaret',
      emails: [
        expect.objectContaining({ value: 'margaret@example.com' }),
        { value: 'mh@mit.example.edu', type: 'work' },
      ],
      phones: [
        expect.objectContaining({ value: '+1 617 555 0142' }),
        { value: '+1 617 555 0143', type: 'Lab' },
      ],
      urls: [{ value: 'https://apollo.example.com', type: 'HomePage' }],
      birthday: { day: 17, month: 8, year: null },
      labels: ['Heroes', 'Apollo'],
      addresses: [
        expect.objectContaining({
          street: '77 Massachusetts Ave',
          locality: 'Cambridge',
          region: 'MA',
          postalCode: '02139',
        }),
        {
          type: 'work',
          poBox: '',
          extended: 'Building 33',
          street: '75 Cambridge Pkwy',
          locality: 'Cambridge',
          region: 'MA',
          postalCode: '02142',
          country: 'USA',
        },
      ],
    });
    expect(apple.extra).toContainEqual({
      name: 'X-SOCIALPROFILE',
      label: 'twitter',
      value: 'https://twitter.example/mh',
    });

    const v4 = await preview(client, fixture('vcard-40.vcf'));
    const tim = v4.contacts[0]!;
    expect(tim).toMatchObject({
      givenName: 'Tim',
      familyName: 'Berners-Lee',
      phones: [expect.objectContaining({ value: '+44-20-7946-0958' })],
      birthday: { day: 8, month: 6, year: null },
      note: 'A very long note that goes on and on so that this line has to be folded by the writer at seventy-five octets, as RFC 6350 section 3.2 says.',
    });
    expect(v4.problems).toEqual([
      expect.objectContaining({
        row: 3,
        severity: 'warning',
        message:
          'The birthday "sometime in spring" is not a date; it is kept with the other details.',
      }),
    ]);
  });

  it('reads files of several MB (bodies up to 8 MiB), and refuses larger ones with 413', async () => {
    const { client } = await signedInClient(t);
    const [header, ...rows] = fixture('google.csv').trim().split('\n');
    const row = rows.find((line) => line.startsWith('José'))!;
    // About 3 MB: well over the 1 MiB limit of the REST routes.
    const big = [header, ...Array.from({ length: 16_000 }, () => row)].join('\n');
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const result = await preview(client, big);
    expect(result.contacts).toHaveLength(16_000);
    // The same person 16,000 times: every row after the first is flagged, and still comes in.
    const repeated = result.problems.filter((p) => p.message.startsWith('Same email or phone'));
    expect(repeated).toHaveLength(15_999);
    expect(repeated[0]).toMatchObject({ row: 3, severity: 'warning' });

    const huge = await client.send({
      method: 'POST',
      url: '/api/trpc/imports.preview',
      payload: { json: { content: 'x'.repeat(9 * 1024 * 1024) } },
    });
    expect(huge.status).toBe(413);
    const overLimit = await postPreview(client, { content: 'x'.repeat(7 * 1024 * 1024 + 1) });
    expect(overLimit.status).toBe(400);
    expect(overLimit.body).toEqual({
      message: 'The file is larger than 7 MB. Split it and import each part.',
    });
  });

  it('drops NUL characters, which PostgreSQL text cannot hold, instead of failing', async () => {
    const { client } = await signedInClient(t);
    const [contact] = (await preview(client, fixture('vcard-40.vcf'))).contacts;
    const result = await batch(client, {
      importId: crypto.randomUUID(),
      create: [
        {
          ...contact!,
          givenName: 'Nul\u0000led',
          labels: ['Bad\u0000label'],
          extra: [{ name: 'NOTE', label: '', value: 'a\u0000b' }],
        },
      ],
    });
    expect(result.created).toBe(1);
    const [stored] = await allContacts(client);
    expect(nameOf(stored!)).toBe('Nulled Berners-Lee');
    expect(stored!.extra).toEqual([{ name: 'NOTE', label: '', value: 'ab' }]);
  });

  it('refuses what is not a contacts file, with a reason', async () => {
    const { client } = await signedInClient(t);
    const empty = await postPreview(client, { content: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'The file is empty' });
    const junk = await postPreview(client, { content: 'just one line' });
    expect(junk).toMatchObject({
      status: 400,
      body: { message: 'This file is neither a CSV nor a vCard file Kith can read.' },
    });
    const notJson = await client.send({
      method: 'POST',
      url: '/api/trpc/imports.preview',
      headers: { 'content-type': 'application/json' },
      payload: '{"json": {"content": ',
    });
    expect(notJson.status).toBe(400);
    // The web app's upload: an empty file.
    const emptyUpload = await client.send({
      method: 'POST',
      url: '/api/imports/upload?name=empty.csv',
      headers: { 'content-type': 'text/csv' },
      payload: '',
    });
    expect(emptyUpload).toMatchObject({ status: 400, body: { message: 'The file is empty' } });
  });

  it('refuses a replayed cookie after sign-out, another site, and an encoded path', async () => {
    const { client } = await signedInClient(t);
    const content = fixture('vcard-40.vcf');
    const upload = (as: TestClient, url = '/api/imports/upload', headers = {}) =>
      as.send({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/vcard', ...headers },
        payload: content,
      });
    const saved = new Map(client.cookies);
    expect((await upload(client)).status).toBe(201);
    // Another site's page posting a file with the person's cookies.
    expect((await upload(client, undefined, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await client.rest('POST', '/auth/logout')).status).toBe(200);
    // The cookies saved before the sign-out, replayed, on the path and an encoded spelling.
    const replay = new TestClient(t.app);
    for (const [name, value] of saved) replay.cookies.set(name, value);
    for (const url of ['/api/imports/upload', '/api/imports/%75pload']) {
      expect((await upload(replay, url)).status, url).toBe(403);
    }
  });

  it('answers 403 to an upload without a session', async () => {
    const anonymous = await new TestClient(t.app).send({
      method: 'POST',
      url: '/api/imports/upload',
      headers: { 'content-type': 'text/vcard' },
      payload: fixture('vcard-40.vcf'),
    });
    expect(anonymous).toMatchObject({ status: 403, body: { message: expect.any(String) } });
  });
});

describe('import batches, duplicates and undo', () => {
  it('creates contacts with labels, favorites, photos and extras in batches', async () => {
    const { client } = await signedInClient(t);
    const google = await preview(client, fixture('google.csv'));
    const vcards = await preview(client, fixture('vcard-30.vcf'));
    const importId = crypto.randomUUID();
    const first = await batch(client, { importId, create: google.contacts.slice(0, 2) });
    const second = await batch(client, {
      importId,
      create: [...google.contacts.slice(2), ...vcards.contacts],
    });
    expect(first).toEqual({ created: 2, updated: 0, photosFailed: 0 });
    expect(second).toEqual({ created: 3, updated: 0, photosFailed: 0 });

    const contacts = await allContacts(client);
    expect(contacts).toHaveLength(5);
    const ada = contacts.find((c) => nameOf(c) === 'Ada Lovelace')!;
    expect(ada.isFavorite).toBe(true);
    expect(ada.emails).toContainEqual({ value: 'ada@engines.example', type: 'work' });
    const margaret = contacts.find((c) => nameOf(c) === 'Margaret Hamilton')!;
    expect(margaret.photo?.url).toMatch(/\.webp\?exp=\d+&sig=/);
    expect(margaret.birthday).toEqual({ day: 17, month: 8, year: null });

    const labels = trpcData<{ name: string; count: number }[]>(await client.query('labels.list'));
    expect(labels.map((l) => [l.name, l.count])).toEqual([
      ['Apollo', 1],
      ['Book club', 1],
      ['Friends', 1],
      ['Heroes', 1],
    ]);
  });

  it('fetches photo addresses, and keeps the address of one that fails', async () => {
    const { client } = await signedInClient(t);
    const [contact] = (await preview(client, fixture('vcard-40.vcf'))).contacts;
    const ok = {
      ...contact!,
      row: 1,
      givenName: 'Fetched',
      photo: 'https://photos.example/ok.png',
    };
    const bad = {
      ...contact!,
      row: 2,
      givenName: 'Unfetched',
      photo: 'https://photos.example/gone.png',
    };
    const result = await batch(client, { importId: crypto.randomUUID(), create: [ok, bad] });
    expect(result).toEqual({ created: 2, updated: 0, photosFailed: 1 });
    const contacts = await allContacts(client);
    expect(contacts.find((c) => nameOf(c) === 'Fetched Berners-Lee')!.photo?.url).toBeTruthy();
    const unfetched = contacts.find((c) => nameOf(c) === 'Unfetched Berners-Lee')!;
    expect(unfetched.photo).toBeNull();
    expect(unfetched.extra).toContainEqual({
      name: 'PHOTO',
      label: '',
      value: 'https://photos.example/gone.png',
    });
  });

  it('finds duplicates by email or phone, updates the chosen ones, and undo restores them', async () => {
    const { client } = await signedInClient(t);
    const created = await client.rest('POST', '/contacts', {
      firstName: 'Augusta',
      lastName: 'King',
      email: 'ADA@example.com',
      phone: '+44 1234 567890',
      location: { country: 'UK', city: 'Ockham', postCode: 'GU23', streetAddress: 'Ockham Park' },
    });
    const existingId = (created.body.data as { _id: string })._id;
    const samePhone = await client.rest('POST', '/contacts', {
      firstName: 'Jo',
      lastName: 'Nunez',
      phone: '+34600000002',
    });
    const phoneMatchId = (samePhone.body.data as { _id: string })._id;
    const labelId = trpcData<{ id: string }>(
      await client.mutation('labels.create', { name: 'Family' }),
    ).id;
    await client.mutation('labels.assign', { labelId, contactIds: [existingId] });
    const before = await allContacts(client);

    const result = await preview(client, fixture('google.csv'));
    expect(result.duplicates).toEqual([
      { row: 2, contactId: existingId, name: 'Augusta King', reason: 'email' },
      { row: 3, contactId: phoneMatchId, name: 'Jo Nunez', reason: 'phone' },
    ]);

    // The person updates Ada and skips José María.
    const ada = byName(result.contacts, 'Ada');
    const rest = result.contacts.filter((c) => c.row !== 2 && c.row !== 3);
    const importId = crypto.randomUUID();
    expect(
      await batch(client, {
        importId,
        create: rest,
        update: [{ contactId: existingId, contact: ada }],
      }),
    ).toEqual({ created: 2, updated: 1, photosFailed: 0 });
    const after = await allContacts(client);
    expect(after).toHaveLength(before.length + 2);
    const updated = after.find((c) => c.id === existingId)!;
    expect(nameOf(updated)).toBe('Ada Lovelace');
    expect(updated.phones[0]?.value).toBe('+44 20 7946 0001');
    expect(updated.addresses[0]?.locality).toBe('London');
    const labelsOf = async (id: string) =>
      trpcData<{ name: string }[]>(await client.query('labels.ofContact', { contactId: id })).map(
        (l) => l.name,
      );
    expect(await labelsOf(existingId)).toEqual(['Family', 'Friends']);

    const undone = await client.mutation('imports.undo', { importId });
    expect(trpcData(undone)).toEqual({ removed: 2, restored: 1 });
    const restored = await allContacts(client);
    expect(restored).toEqual(before);
    expect(await labelsOf(existingId)).toEqual(['Family']);
    const labels = trpcData<{ name: string }[]>(await client.query('labels.list'));
    expect(labels.map((l) => l.name)).toEqual(['Family']);
  });

  it('undo restores a contact two rows of the file updated, as it was before both', async () => {
    const { client } = await signedInClient(t);
    await client.rest('POST', '/contacts', {
      firstName: 'Original',
      lastName: 'Name',
      phone: '+44 20 7946 0001',
    });
    const before = await allContacts(client);
    const [ada] = (await preview(client, fixture('google.csv'))).contacts;
    const contactId = before[0]!.id;
    const importId = crypto.randomUUID();
    await batch(client, { importId, update: [{ contactId, contact: ada }] });
    await batch(client, {
      importId,
      update: [{ contactId, contact: { ...ada!, givenName: 'Second' } }],
    });
    expect(nameOf((await allContacts(client))[0]!)).toBe('Second Lovelace');
    await client.mutation('imports.undo', { importId });
    expect(await allContacts(client)).toEqual(before);
  });

  it('a failed import is taken back whole: the book is as it was', async () => {
    const { client } = await signedInClient(t);
    await client.rest('POST', '/contacts', { firstName: 'Kept', lastName: 'Here', phone: '1' });
    const before = await allContacts(client);
    const { contacts } = await preview(client, fixture('google.csv'));
    const importId = crypto.randomUUID();
    await batch(client, { importId, create: contacts.slice(0, 2) });
    // The second batch is refused (a contact with no name): the client undoes the import.
    const refused = await client.mutation('imports.batch', {
      importId,
      create: [{ ...contacts[2]!, givenName: '' }],
    });
    expect(refused.status).toBe(400);
    expect(trpcData(await client.mutation('imports.undo', { importId }))).toEqual({
      removed: 2,
      restored: 0,
    });
    expect(await allContacts(client)).toEqual(before);
  });

  it("never touches another person's contacts or imports", async () => {
    const owner = await signedInClient(t);
    const intruder = await signedInClient(t);
    const created = await owner.client.rest('POST', '/contacts', {
      firstName: 'Private',
      lastName: 'Person',
      phone: '+44 20 7946 0001',
    });
    const ownerContactId = (created.body.data as { _id: string })._id;
    const ownerBefore = await allContacts(owner.client);
    const { contacts } = await preview(intruder.client, fixture('google.csv'));
    // The intruder's preview matches nothing of the owner's.
    expect((await preview(intruder.client, fixture('google.csv'))).duplicates).toEqual([]);
    const importId = crypto.randomUUID();
    const result = await batch(intruder.client, {
      importId,
      update: [{ contactId: ownerContactId, contact: contacts[0] }],
    });
    // The unknown contact is created in the intruder's own book instead.
    expect(result).toEqual({ created: 1, updated: 0, photosFailed: 0 });
    const ownImport = crypto.randomUUID();
    await batch(owner.client, { importId: ownImport, create: [contacts[1]] });
    const undo = await intruder.client.mutation('imports.undo', { importId: ownImport });
    expect(trpcData(undo)).toEqual({ removed: 0, restored: 0 });
    const ownerAfter = await allContacts(owner.client);
    expect(ownerAfter).toHaveLength(ownerBefore.length + 1);
    expect(ownerAfter.find((c) => c.id === ownerContactId)).toEqual(ownerBefore[0]);
  });
});

describe('round trip: export, import into a new account, export again', () => {
  const FIXTURES = [
    'google.csv',
    'google-legacy.csv',
    'outlook.csv',
    'vcard-21.vcf',
    'vcard-30.vcf',
    'vcard-40.vcf',
    'vcard-escapes-and-orgs.vcf',
    'vcard-two-orgs.vcf',
    'outlook-day-first.csv',
    'outlook-ambiguous-dates.csv',
    'vcard-21-qp-no-charset.vcf',
    'vcard-name-parts.vcf',
  ];

  /** A new account holding every contact of the given files. */
  async function accountWith(files: string[]): Promise<TestClient> {
    const { client } = await signedInClient(t);
    const importId = crypto.randomUUID();
    for (const content of files) {
      const { contacts } = await preview(client, content);
      await batch(client, { importId, create: contacts });
    }
    return client;
  }

  async function exported(client: TestClient, format: 'vcf' | 'vcf3' | 'csv'): Promise<string> {
    const res = await client.mutation('contacts.export', { format });
    expect(res.status).toBe(200);
    return trpcData<{ content: string }>(res).content;
  }

  /**
   * A vCard file's lines, unfolded, without what must differ between accounts (UID, REV)
   * and with each photo's bytes left out: a photo is re-encoded when it is stored.
   */
  const comparableVCards = (content: string) =>
    content
      .replace(/\r\n /g, '')
      .split('\r\n')
      .filter((line) => !/^(UID|REV):/.test(line))
      .map((line) => (line.startsWith('PHOTO:data:image/webp;base64,') ? 'PHOTO:<webp>' : line));

  /** Every contact's fields, without what names the account (ids, times, photo address). */
  async function fieldsOf(client: TestClient, leaveOut: string[] = []) {
    return (await allContacts(client)).map((contact) => {
      const { id, createdAt, updatedAt, photo, ...fields } = contact as Contact &
        Record<string, unknown>;
      void [id, createdAt, updatedAt];
      for (const key of leaveOut) delete fields[key];
      // The order of extra fields is not a field: a file may list them in another order.
      const extra = [...fields.extra].sort((a, b) =>
        JSON.stringify(a).localeCompare(JSON.stringify(b)),
      );
      return { ...fields, extra, hasPhoto: photo !== null };
    });
  }

  it('keeps every field of a vCard export', async () => {
    const first = await accountWith(FIXTURES.map(fixture));
    const before = await exported(first, 'vcf');
    const second = await accountWith([before]);
    const after = await exported(second, 'vcf');
    expect(comparableVCards(after)).toEqual(comparableVCards(before));
    expect(await fieldsOf(second)).toEqual(await fieldsOf(first));
    // The export is rich enough for the comparison to mean something.
    expect(before).toContain('CATEGORIES:Friends,starred');
    expect(before).toContain('ADR;TYPE=work:;Building 33;75 Cambridge Pkwy;Cambridge;MA;02142;USA');
    expect(before).toContain('X-ABLABEL:Favourite engine');
    expect(before).toContain('N:Berners-Lee;Tim;;Sir;OM');
    // A vCard file's card is exported as the file holds it (docs/card-is-the-record.md).
    expect(before).toContain('BDAY;VALUE=date-and-or-time:sometime in spring');
    // Photos: the 2.1 and 3.0 files' as Kith stored them, the 4.0 file's as the file holds it.
    expect(before.match(/PHOTO:data:image\/webp/g)).toHaveLength(2);
    expect(before).toContain('PHOTO:data:image/png;base64,iVBORw0KGgo');
    expect(before).toContain('PHOTO:https://127.0.0.1/private.png');
  });

  it('keeps every field of a vCard 3.0 export, as Apple clients read it', async () => {
    const first = await accountWith(FIXTURES.map(fixture));
    const before = await exported(first, 'vcf3');
    const second = await accountWith([before]);
    const after = await exported(second, 'vcf3');
    const comparable = (content: string) =>
      comparableVCards(content).map((line) =>
        line.startsWith('PHOTO;ENCODING=b;TYPE=WEBP:') ? 'PHOTO:<webp>' : line,
      );
    expect(comparable(after)).toEqual(comparable(before));
    expect(await fieldsOf(second)).toEqual(await fieldsOf(first));
    expect(before).toContain('VERSION:3.0');
    // A 3.0 file's card is exported as the file holds it; the CSV's contacts are written.
    expect(before).toContain('BDAY;value=date:1604-08-17');
    expect(before).toContain('EMAIL;type=INTERNET;type=WORK:mh@mit.example.edu');
    expect(before).toContain('TEL;TYPE=cell,pref:+44 20 7946 0001');
    // Photos: the 2.1 and 4.0 files' as Kith stored them, the 3.0 file's as the file holds it.
    expect(before.match(/PHOTO;ENCODING=b;TYPE=WEBP:/g)).toHaveLength(2);
    expect(before).toContain('PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgo');
  });

  it('writes the real types, the region, ORG units and every value', async () => {
    const first = await accountWith(FIXTURES.map(fixture));
    const vcf = (await exported(first, 'vcf')).replace(/\r\n /g, '');
    expect(vcf).toContain('ORG:US Navy;Naval Reserve');
    expect(vcf).toContain('TEL;VALUE=text;PREF=1;TYPE=cell:+44 20 7946 0001');
    expect(vcf).toContain('EMAIL;TYPE=work:ada@engines.example');
    expect(vcf).toContain('N:Lovelace;Ada;;Countess;');
    expect(vcf).toContain(';Madrid;Madrid;');
    const csv = await exported(first, 'csv');
    const header = csv.split('\r\n')[0]!;
    for (const column of ['Middle Name', 'Organization Department', 'Address 1 - Region']) {
      expect(header).toContain(column);
    }
    expect(csv).toContain('Mobile,+44 20 7946 0001');
  });

  it('keeps every field of a CSV export', async () => {
    const first = await accountWith(FIXTURES.map(fixture));
    const before = await exported(first, 'csv');
    const second = await accountWith([before]);
    const after = await exported(second, 'csv');
    // Photo addresses name each account's own copy of the photo.
    const comparable = (csv: string) =>
      csv.replace(/\/uploads\/[0-9a-f-]+\.webp\?exp=\d+&sig=[\w-]+/g, '<photo>');
    expect(comparable(after)).toEqual(comparable(before));
    // A CSV row has no column for a display name other than the name's parts, nor says that a
    // name is a stand-in: those two card fields are a vCard's to keep.
    const notInCsv = ['formattedName', 'nameIsStandIn'];
    expect(await fieldsOf(second, notInCsv)).toEqual(await fieldsOf(first, notInCsv));
    const header = before.split('\r\n')[0]!;
    for (const column of ['Name Prefix', 'Notes', 'E-mail 2 - Value', 'Address 2 - Region']) {
      expect(header).toContain(column);
    }
    expect(before).toContain('Friends ::: * starred');
    expect(before.match(/\/uploads\//g)).toHaveLength(3);
  });
});

describe('import backups (kept last: it moves the clock a day on)', () => {
  it('drops the backups of an import after a day, and the photo the import replaced once the history forgets it', async () => {
    const { client } = await signedInClient(t);
    const [tim] = (await preview(client, fixture('vcard-40.vcf'))).contacts;
    const first = crypto.randomUUID();
    await batch(client, { importId: first, create: [tim] });
    const [contact] = await allContacts(client);
    const oldPhoto = new URL(contact!.photo!.url, 'http://x').pathname.split('/').pop()!;
    // A second import updates the contact with another photo.
    await batch(client, {
      importId: crypto.randomUUID(),
      update: [
        { contactId: contact!.id, contact: { ...tim!, photo: 'https://photos.example/ok.png' } },
      ],
    });
    expect(existsSync(join(t.uploadsDir, oldPhoto))).toBe(true);

    t.advanceClock(25 * 60 * 60_000);
    await runRetention({ db: t.db, images: t.images }, t.now());
    const left = await t.db.select().from(schema.contactImportBackups);
    expect(left.filter((b) => b.contactId === contact!.id)).toEqual([]);
    // The history still shows the old photo for 30 days (docs/history.md#photos).
    expect(existsSync(join(t.uploadsDir, oldPhoto))).toBe(true);
    await runRetention({ db: t.db, images: t.images }, new Date(Date.now() + 31 * 24 * 3600_000));
    expect(existsSync(join(t.uploadsDir, oldPhoto))).toBe(false);
    const [shown] = await t.db
      .select({ photoImageId: schema.contacts.photoImageId })
      .from(schema.contacts)
      .where(eq(schema.contacts.id, contact!.id));
    expect(shown!.photoImageId).not.toBeNull();
  });
});
