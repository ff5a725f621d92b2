/**
 * "Download my data" carries the history (docs/history.md#in-the-data-export): history.json
 * lists every version of the person's contacts and labels of the last 30 days, and the zip
 * holds the photos only those versions still show.
 */
import { schema } from '@kith/db';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { trpcData, type TestClient } from '../test-support/test-client';
import { uploadPng } from '../test-support/test-images';
import { signedInClient } from '../test-support/test-users';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

interface ContactVersion {
  versionId: string;
  contactId: string;
  recordedAt: string;
  source: { via: string } | null;
  before: {
    id: string;
    givenName: string;
    familyName: string;
    photo: { imageId: string; file: string | null } | null;
    labels: { id: string; name: string }[];
  } | null;
}
interface LabelVersion {
  versionId: string;
  labelId: string;
  recordedAt: string;
  source: { via: string } | null;
  before: { name: string; uid: string | null } | null;
}
interface HistoryFile {
  keptDays: number;
  since: string;
  contacts: ContactVersion[];
  labels: LabelVersion[];
}

const DAY_MS = 24 * 60 * 60_000;

async function download(client: TestClient) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/account/export',
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  expect(res.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  const history = JSON.parse(strFromU8(files['history.json']!)) as HistoryFile;
  return { files, history };
}

async function createContact(client: TestClient, firstName: string, avatar?: string) {
  const res = await client.rest('POST', '/contacts', {
    firstName,
    lastName: 'Lovelace',
    phone: '+44 20 7946 0018',
    ...(avatar ? { avatar: { publicId: avatar } } : {}),
  });
  expect(res.status).toBe(201);
  return (res.body.data as { _id: string })._id;
}

const isWebp = (bytes: Uint8Array | undefined) =>
  bytes !== undefined &&
  strFromU8(bytes.slice(0, 4)) === 'RIFF' &&
  strFromU8(bytes.slice(8, 12)) === 'WEBP';

describe('history.json in the data export', () => {
  it('lists every version of the contacts, oldest first, each as it was before its change', async () => {
    const { client } = await signedInClient(t);
    const ada = await createContact(client, 'Ada');
    await client.rest('PATCH', `/contacts/${ada}`, { lastName: 'King' });
    const gone = await createContact(client, 'Bob');
    await client.rest('PATCH', `/trash/${gone}`);
    await client.rest('DELETE', `/contacts/delete/${gone}`);

    const { history } = await download(client);
    expect(history.keptDays).toBe(30);
    expect(Date.parse(history.since)).toBeCloseTo(t.now().getTime() - 30 * DAY_MS, -5);
    const times = history.contacts.map((v) => Date.parse(v.recordedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const ofAda = history.contacts.filter((v) => v.contactId === ada);
    expect(ofAda).toEqual([
      expect.objectContaining({ source: { via: 'api' }, before: null }),
      expect.objectContaining({
        source: { via: 'api' },
        before: expect.objectContaining({ id: ada, givenName: 'Ada', familyName: 'Lovelace' }),
      }),
    ]);
    // A contact deleted for good is still in its history: made, trashed, deleted.
    const ofGone = history.contacts.filter((v) => v.contactId === gone);
    expect(ofGone.map((v) => v.before?.givenName ?? null)).toEqual([null, 'Bob', 'Bob']);
    expect(new Set(history.contacts.map((v) => v.versionId)).size).toBe(history.contacts.length);
  });

  it('lists the label versions and the labels each contact version carried', async () => {
    const { client } = await signedInClient(t);
    const ada = await createContact(client, 'Ada');
    const label = trpcData<{ id: string }>(
      await client.mutation('labels.create', { name: 'Friends' }),
    );
    await client.mutation('labels.assign', { labelId: label.id, contactIds: [ada] });
    await client.mutation('labels.rename', { id: label.id, name: 'Close friends' });
    await client.mutation('labels.unassign', { labelId: label.id, contactIds: [ada] });

    const { history } = await download(client);
    expect(history.labels.filter((v) => v.labelId === label.id)).toEqual([
      expect.objectContaining({
        before: null,
        source: expect.objectContaining({ via: expect.any(String) }),
      }),
      expect.objectContaining({ before: expect.objectContaining({ name: 'Friends' }) }),
    ]);
    const ofAda = history.contacts.filter((v) => v.contactId === ada);
    expect(ofAda.map((v) => v.before?.labels ?? null)).toEqual([
      null,
      [],
      [{ id: label.id, name: 'Close friends' }],
    ]);
  });

  it('holds the photos only versions still show, and names the file of every version’s photo', async () => {
    const { client } = await signedInClient(t);
    const first = await uploadPng(client);
    const ada = await createContact(client, 'Ada', first);
    const second = await uploadPng(client);
    await client.rest('PATCH', `/contacts/${ada}`, { avatar: { publicId: second } });
    await client.rest('PATCH', `/contacts/${ada}`, { lastName: 'King' });

    const { files, history } = await download(client);
    const photos = history.contacts
      .filter((v) => v.contactId === ada)
      .map((v) => v.before?.photo ?? null);
    expect(photos).toEqual([
      null,
      { imageId: first, file: `photos/history/${first}.webp` },
      { imageId: second, file: `photos/${ada}.webp` },
    ]);
    // The replaced photo is in the zip once, beside the contact's photo now.
    expect(isWebp(files[`photos/history/${first}.webp`])).toBe(true);
    expect(isWebp(files[`photos/${ada}.webp`])).toBe(true);
    expect(Object.keys(files).filter((name) => name.startsWith('photos/history/'))).toEqual([
      `photos/history/${first}.webp`,
    ]);
    const contactsJson = JSON.parse(strFromU8(files['contacts.json']!)) as {
      photo: { imageId: string; file: string } | null;
    }[];
    expect(contactsJson[0]!.photo).toMatchObject({ imageId: second, file: `photos/${ada}.webp` });
  });

  it('leaves out versions older than 30 days and other people’s versions', async () => {
    const { client } = await signedInClient(t);
    const { client: stranger } = await signedInClient(t);
    const ada = await createContact(client, 'Ada');
    const theirs = await createContact(stranger, 'Eve');
    const userId = trpcData<{ user: { id: string } }>(await client.query('auth.check')).user.id;
    const forgotten = crypto.randomUUID();
    await t.db.insert(schema.contactVersions).values({
      userId,
      contactId: forgotten,
      txid: 1,
      recordedAt: new Date(t.now().getTime() - 31 * DAY_MS),
      card: null,
    });

    const { history } = await download(client);
    const ids = new Set(history.contacts.map((v) => v.contactId));
    expect(ids.has(ada)).toBe(true);
    expect(ids.has(theirs)).toBe(false);
    expect(ids.has(forgotten)).toBe(false);
  });

  it('reads a history longer than one page (500) without losing or repeating a version', async () => {
    const { client } = await signedInClient(t);
    const userId = trpcData<{ user: { id: string } }>(await client.query('auth.check')).user.id;
    // One insert: 1,201 versions recorded at the same moment, so the pages part on their ids.
    await t.db.insert(schema.contacts).values(
      Array.from({ length: 1_201 }, (_, i) => ({
        userId,
        givenName: `Person${String(i).padStart(4, '0')}`,
        familyName: 'Bulk',
      })),
    );
    const { history } = await download(client);
    expect(history.contacts).toHaveLength(1_201);
    expect(new Set(history.contacts.map((v) => v.contactId)).size).toBe(1_201);
  });

  it('is an empty history for a new account, and account.json names it', async () => {
    const { client } = await signedInClient(t);
    const { files, history } = await download(client);
    expect(history).toMatchObject({ contacts: [], labels: [] });
    expect(JSON.parse(strFromU8(files['account.json']!)).format).toMatch(/history\.json/);
  });
});
