import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { schema } from '@kith/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  makeContact,
  makeImage,
  makeLabel,
  makeUser,
  callerFor,
  signedInCaller,
  type Caller,
} from '../test-support/test-caller';

// Procedure-layer tests (createCaller): finding and merging duplicates are the book's rules.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

let phoneCounter = 0;

/** A contact with a phone number no other test contact shares, unless `values` sets one. */
async function contact(caller: Caller, values: Parameters<typeof makeContact>[1]): Promise<string> {
  phoneCounter += 1;
  const phone = `+1 555 01${String(phoneCounter).padStart(2, '0')}`;
  return (
    await makeContact(caller, { familyName: 'L', phones: [{ value: phone, type: '' }], ...values })
  ).id;
}

describe('Merge & fix: likely duplicates', () => {
  it('answers the first 100 groups and how many there are, however many the book has', async () => {
    const user = await makeUser(t);
    const caller = await callerFor(t, user.id);
    // 150 pairs of namesakes far apart in the alphabet, none alike to another pair.
    await t.db.insert(schema.contacts).values(
      Array.from({ length: 300 }, (_, i) => ({
        userId: user.id,
        givenName: `Q${Math.floor(i / 2).toString(36)}x${Math.floor(i / 2) * 7919}`,
        familyName: 'Twin',
      })),
    );
    const { groups, total } = await caller.contacts.duplicates();
    expect(total).toBe(150);
    expect(groups).toHaveLength(100);
    expect(groups.every((group) => group.contacts.length === 2)).toBe(true);
  });

  it('groups the same email, the same phone once normalised, and near-identical names', async () => {
    const caller = await signedInCaller(t);
    await contact(caller, { givenName: 'Ada', emails: [{ value: 'ada@example.com', type: '' }] });
    await contact(caller, {
      givenName: 'Augusta',
      emails: [{ value: 'ADA@example.com', type: '' }],
    });
    await contact(caller, { givenName: 'Bob', phones: [{ value: '+1 (555) 010-0123', type: '' }] });
    await contact(caller, { givenName: 'Robert', phones: [{ value: '+15550100123', type: '' }] });
    await contact(caller, { givenName: 'Catherine', familyName: 'Zeta-Jones' });
    await contact(caller, { givenName: 'Catherine', familyName: 'Zeta Jones' });
    await contact(caller, {
      givenName: 'Dmitri',
      phones: [{ value: '+44 20 7946 0000', type: '' }],
    });
    await contact(caller, { givenName: 'Eve', phones: [{ value: '+44 20 7946 0001', type: '' }] });

    const { groups, total } = await caller.contacts.duplicates();
    expect(total).toBe(groups.length);
    const summary = groups.map((g) => ({
      reasons: g.reasons,
      names: g.contacts.map((c) => c.givenName).sort(),
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
    const caller = await signedInCaller(t);
    const stranger = await signedInCaller(t);
    await contact(stranger, {
      givenName: 'Same',
      emails: [{ value: 'same@example.com', type: '' }],
    });
    await contact(caller, { givenName: 'Same', emails: [{ value: 'same@example.com', type: '' }] });
    const binned = await contact(caller, {
      givenName: 'Same',
      emails: [{ value: 'same@example.com', type: '' }],
    });
    await caller.trash.add({ id: binned });
    expect((await caller.contacts.duplicates()).groups).toEqual([]);
  });
});

describe('Merge & fix: merging', () => {
  it('keeps the picked values, labels and star; the copies go to the Trash and can come back', async () => {
    const caller = await signedInCaller(t);
    const keep = await contact(caller, {
      givenName: 'Ada',
      emails: [{ value: 'ada@example.com', type: '' }],
      phones: [{ value: '1', type: '' }],
    });
    const photo = await makeImage(caller);
    const copy = await contact(caller, {
      givenName: 'Ada',
      familyName: 'Lovelace',
      emails: [{ value: 'ada@example.com', type: '' }],
      phones: [{ value: '+44 20 7946 0000', type: '' }],
      photo,
      org: 'Analytical',
      title: 'Countess',
    });
    await caller.favorites.set({ id: copy, isFavorite: true });
    await makeLabel(caller, 'Friends', [copy]);

    const merged = await caller.contacts.merge({
      keepId: keep,
      mergeIds: [copy],
      take: { name: copy, phone: copy, org: copy, photo: copy },
    });
    expect(merged.emails[0]?.value).toBe('ada@example.com');
    expect(merged).toMatchObject({
      id: keep,
      givenName: 'Ada',
      familyName: 'Lovelace',
      org: 'Analytical',
      title: 'Countess',
      // The phone not picked stays with the merged contact, after the picked one.
      phones: [
        { value: '+44 20 7946 0000', type: '' },
        { value: '1', type: '' },
      ],
      extra: [],
      photo: { imageId: photo },
      isFavorite: true,
    });
    const labels = await caller.labels.ofContact({ contactId: keep });
    expect(labels.map((l) => l.name)).toEqual(['Friends']);

    const trash = await caller.trash.list({});
    expect(trash.items.map((c) => c.id)).toEqual([copy]);
    expect((await caller.contacts.duplicates()).groups).toEqual([]);

    // Deleting the copy forever must not take the photo the kept contact now shows.
    await caller.trash.delete({ id: copy });
    expect(existsSync(join(t.uploadsDir, `${photo}.webp`))).toBe(true);
  });

  it("refuses contacts that are gone or someone else's, and values from outside the merge", async () => {
    const caller = await signedInCaller(t);
    const stranger = await signedInCaller(t);
    const mine = await contact(caller, { givenName: 'Mine' });
    const other = await contact(caller, { givenName: 'Other' });
    const theirs = await contact(stranger, { givenName: 'Theirs' });

    await expect(caller.contacts.merge({ keepId: mine, mergeIds: [theirs] })).rejects.toMatchObject(
      { code: 'NOT_FOUND' },
    );
    await expect(
      caller.contacts.merge({ keepId: mine, mergeIds: [other], take: { name: theirs } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await caller.contacts.list({})).total).toBe(2);
  });
});
