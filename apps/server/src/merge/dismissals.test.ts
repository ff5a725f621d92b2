import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  callerFor,
  makeContact,
  makeUser,
  signedInCaller,
  type Caller,
} from '../test-support/test-caller';

// "Not duplicates" on Merge & fix (docs/product/screens.md#merge--fix-screen): a pair the
// person dismissed is remembered and no longer offered; the rest of its group still is.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

let counter = 0;

/** A contact with its own phone number, unless `values` sets one. */
async function contact(caller: Caller, values: Parameters<typeof makeContact>[1]): Promise<string> {
  counter += 1;
  const phone = `+1 555 02${String(counter).padStart(2, '0')}`;
  return (
    await makeContact(caller, { familyName: 'D', phones: [{ value: phone, type: '' }], ...values })
  ).id;
}

const email = (value: string) => ({ emails: [{ value, type: '' }] });

/** Each group's contacts' ids, sorted, for comparing. */
async function groupsOf(caller: Caller): Promise<string[][]> {
  const { groups } = await caller.contacts.duplicates();
  return groups.map((group) => group.contacts.map((c) => c.id).sort());
}

describe('Merge & fix: Not duplicates', () => {
  it('remembers the pair: the group is no longer offered, and Undo offers it again', async () => {
    const caller = await signedInCaller(t);
    const a = await contact(caller, { givenName: 'Ann', ...email('ann@example.com') });
    const b = await contact(caller, { givenName: 'Anne', ...email('ann@example.com') });
    expect(await groupsOf(caller)).toEqual([[a, b].sort()]);

    expect(await caller.contacts.dismissDuplicates({ contactIds: [b, a] })).toEqual({ pairs: 1 });
    expect(await groupsOf(caller)).toEqual([]);
    // Saying it twice changes nothing.
    await caller.contacts.dismissDuplicates({ contactIds: [a, b] });
    const dismissed = await caller.contacts.dismissedDuplicates();
    expect(dismissed.map((pair) => pair.contacts.map((c) => c.id))).toEqual([[a, b]]);

    expect(await caller.contacts.undismissDuplicates({ contactIds: [a, b] })).toEqual({
      pairs: 1,
    });
    expect(await groupsOf(caller)).toEqual([[a, b].sort()]);
    expect(await caller.contacts.dismissedDuplicates()).toEqual([]);
  });

  it('in a group of three, one pair dismissed leaves the others linked', async () => {
    const caller = await signedInCaller(t);
    // A and B share an email, B and C a phone: one group of three through B.
    const a = await contact(caller, { givenName: 'Bea', ...email('bea@example.com') });
    const b = await contact(caller, {
      givenName: 'Beatrix',
      ...email('bea@example.com'),
      phones: [{ value: '+44 20 7946 0100', type: '' }],
    });
    const c = await contact(caller, {
      givenName: 'Trixie',
      phones: [{ value: '+442079460100', type: '' }],
    });
    expect(await groupsOf(caller)).toEqual([[a, b, c].sort()]);

    await caller.contacts.dismissDuplicates({ contactIds: [a, b] });
    const { groups } = await caller.contacts.duplicates();
    expect(groups.map((g) => g.contacts.map((x) => x.id).sort())).toEqual([[b, c].sort()]);
    expect(groups[0]!.reasons).toEqual(['phone']);

    // "Not duplicates" on a whole group dismisses each of its pairs.
    await caller.contacts.undismissDuplicates({ contactIds: [a, b] });
    expect(await caller.contacts.dismissDuplicates({ contactIds: [a, b, c] })).toEqual({
      pairs: 3,
    });
    expect(await groupsOf(caller)).toEqual([]);
  });

  it("never shows or writes another person's dismissals", async () => {
    const caller = await signedInCaller(t);
    const stranger = await signedInCaller(t);
    const a = await contact(caller, { givenName: 'Cy', ...email('cy@example.com') });
    const b = await contact(caller, { givenName: 'Cyrus', ...email('cy@example.com') });
    const theirs = await contact(stranger, { givenName: 'Cy', ...email('cy@example.com') });

    await expect(stranger.contacts.dismissDuplicates({ contactIds: [a, b] })).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
        message: 'One of these contacts is gone. Refresh the page and try again.',
      },
    );
    await expect(
      caller.contacts.dismissDuplicates({ contactIds: [a, theirs] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await groupsOf(caller)).toEqual([[a, b].sort()]);

    await caller.contacts.dismissDuplicates({ contactIds: [a, b] });
    expect(await stranger.contacts.dismissedDuplicates()).toEqual([]);
    expect(await stranger.contacts.undismissDuplicates({ contactIds: [a, b] })).toEqual({
      pairs: 0,
    });
    expect(await groupsOf(caller)).toEqual([]);
  });

  it('forgets the pair when either contact is deleted for good, and refuses the Trash', async () => {
    const user = (await makeUser(t)).id;
    const caller = await callerFor(t, user);
    const a = await contact(caller, { givenName: 'Dee', ...email('dee@example.com') });
    const b = await contact(caller, { givenName: 'Deedee', ...email('dee@example.com') });
    await caller.contacts.dismissDuplicates({ contactIds: [a, b] });
    const rows = () =>
      t.db
        .select()
        .from(schema.duplicateDismissals)
        .where(eq(schema.duplicateDismissals.userId, user));
    expect(await rows()).toHaveLength(1);

    await caller.trash.add({ id: b });
    await expect(caller.contacts.dismissDuplicates({ contactIds: [a, b] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await caller.trash.delete({ id: b });
    expect(await rows()).toEqual([]);
  });
});
