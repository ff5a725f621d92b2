import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { trpcData, type TestClient } from './test-client';
import { uploadPng } from './test-images';
import { signedInClient } from './test-users';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

type Contact = { _id: string; firstName: string; lastName: string; email: string; phone: string };
type Group = { reasons: string[]; contacts: Contact[] };

let phoneCounter = 0;

/** A contact with a phone number no other test contact shares, unless `values` sets one. */
async function contact(client: TestClient, values: Record<string, unknown>): Promise<string> {
  phoneCounter += 1;
  const phone = `+1 555 01${String(phoneCounter).padStart(2, '0')}`;
  const res = await client.rest('POST', '/contacts', { lastName: 'L', phone, ...values });
  expect(res.status).toBe(201);
  return (res.body.data as { _id: string })._id;
}

describe('Merge & fix: likely duplicates (issue 6)', () => {
  it('answers the first 100 groups and how many there are, however many the book has', async () => {
    const { client, email } = await signedInClient(t);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, email));
    // 150 pairs of namesakes far apart in the alphabet, none alike to another pair.
    await t.db.insert(schema.contacts).values(
      Array.from({ length: 300 }, (_, i) => ({
        userId: user!.id,
        givenName: `Q${Math.floor(i / 2).toString(36)}x${Math.floor(i / 2) * 7919}`,
        familyName: 'Twin',
      })),
    );
    const { groups, total } = trpcData<{ groups: Group[]; total: number }>(
      await client.query('contacts.duplicates'),
    );
    expect(total).toBe(150);
    expect(groups).toHaveLength(100);
    expect(groups.every((group) => group.contacts.length === 2)).toBe(true);
  });

  it('groups the same email, the same phone once normalised, and near-identical names', async () => {
    const { client } = await signedInClient(t);
    await contact(client, { firstName: 'Ada', email: 'ada@example.com' });
    await contact(client, { firstName: 'Augusta', email: 'ADA@example.com' });
    await contact(client, { firstName: 'Bob', phone: '+1 (555) 010-0123' });
    await contact(client, { firstName: 'Robert', phone: '+15550100123' });
    await contact(client, { firstName: 'Catherine', lastName: 'Zeta-Jones' });
    await contact(client, { firstName: 'Catherine', lastName: 'Zeta Jones' });
    await contact(client, { firstName: 'Dmitri', phone: '+44 20 7946 0000' });
    await contact(client, { firstName: 'Eve', phone: '+44 20 7946 0001' });

    const { groups, total } = trpcData<{ groups: Group[]; total: number }>(
      await client.query('contacts.duplicates'),
    );
    expect(total).toBe(groups.length);
    const summary = groups.map((g) => ({
      reasons: g.reasons,
      names: g.contacts.map((c) => c.firstName).sort(),
    }));
    expect(summary).toEqual(
      expect.arrayContaining([
        { reasons: ['email'], names: ['Ada', 'Augusta'] },
        { reasons: ['phone'], names: ['Bob', 'Robert'] },
        { reasons: ['name'], names: ['Catherine', 'Catherine'] },
      ]),
    );
    expect(summary).toHaveLength(3);
  });

  it('never looks at the trash or at another person', async () => {
    const { client } = await signedInClient(t);
    const { client: stranger } = await signedInClient(t);
    await contact(stranger, { firstName: 'Same', email: 'same@example.com' });
    await contact(client, { firstName: 'Same', email: 'same@example.com' });
    const binned = await contact(client, { firstName: 'Same', email: 'same@example.com' });
    await client.rest('PATCH', `/trash/${binned}`);
    expect(trpcData<{ groups: Group[] }>(await client.query('contacts.duplicates')).groups).toEqual(
      [],
    );
  });
});

describe('Merge & fix: merging', () => {
  it('keeps the picked values, labels and star; the copies go to the Trash and can come back', async () => {
    const { client } = await signedInClient(t);
    const keep = await contact(client, { firstName: 'Ada', email: 'ada@example.com', phone: '1' });
    const photo = await uploadPng(client);
    const copy = await contact(client, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      avatar: { publicId: photo },
      worksAt: { companyName: 'Analytical', jobTitle: 'Countess' },
    });
    await client.rest('PATCH', `/favorites/${copy}`, { isFavorite: true });
    const label = trpcData<{ id: string }>(
      await client.mutation('labels.create', { name: 'Friends' }),
    );
    await client.mutation('labels.assign', { labelId: label.id, contactIds: [copy] });

    const merged = await client.mutation('contacts.merge', {
      keepId: keep,
      mergeIds: [copy],
      take: { name: copy, phone: copy, worksAt: copy, avatar: copy },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(trpcData(merged)).toMatchObject({
      _id: keep,
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0000',
      email: 'ada@example.com',
      worksAt: { companyName: 'Analytical', jobTitle: 'Countess' },
      // The phone not picked stays with the merged contact, as an extra field.
      extra: [{ name: 'TEL', label: '', value: '1' }],
      avatar: { publicId: photo },
      isFavorite: true,
    });
    const labels = trpcData<{ name: string }[]>(
      await client.query('labels.ofContact', { contactId: keep }),
    );
    expect(labels.map((l) => l.name)).toEqual(['Friends']);

    const trash = trpcData<{ items: { _id: string }[] }>(await client.query('trash.list', {}));
    expect(trash.items.map((c) => c._id)).toEqual([copy]);
    expect(trpcData<{ groups: Group[] }>(await client.query('contacts.duplicates')).groups).toEqual(
      [],
    );

    // Deleting the copy forever must not take the photo the kept contact now shows.
    await client.rest('DELETE', `/trash/${copy}`);
    expect(existsSync(join(t.uploadsDir, `${photo}.webp`))).toBe(true);
  });

  it("refuses contacts that are gone or someone else's, and values from outside the merge", async () => {
    const { client } = await signedInClient(t);
    const { client: stranger } = await signedInClient(t);
    const mine = await contact(client, { firstName: 'Mine' });
    const other = await contact(client, { firstName: 'Other' });
    const theirs = await contact(stranger, { firstName: 'Theirs' });

    const foreign = await client.mutation('contacts.merge', { keepId: mine, mergeIds: [theirs] });
    expect(foreign.status).toBe(404);
    const outside = await client.mutation('contacts.merge', {
      keepId: mine,
      mergeIds: [other],
      take: { name: theirs },
    });
    expect(outside.status).toBe(400);
    const total = trpcData<{ total: number }>(await client.query('contacts.list', {})).total;
    expect(total).toBe(2);
  });
});
