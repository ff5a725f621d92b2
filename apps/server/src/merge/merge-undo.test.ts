import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  makeContact,
  makeImage,
  makeLabel,
  signedInCaller,
  type Caller,
} from '../test-support/test-caller';

// A merge happens once however often it is sent, and its Undo puts the book back as it was
// (docs/product/screens.md#merge--fix-screen).
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
  const phone = `+1 555 03${String(counter).padStart(2, '0')}`;
  return (
    await makeContact(caller, { familyName: 'U', phones: [{ value: phone, type: '' }], ...values })
  ).id;
}

const email = (value: string) => ({ emails: [{ value, type: '' }] });

describe('Merge & fix: one merge per click', () => {
  it('two calls of the same merge at once merge once and answer the same', async () => {
    const caller = await signedInCaller(t);
    const keep = await contact(caller, { givenName: 'Eva', ...email('eva@example.com') });
    const copy = await contact(caller, { givenName: 'Evangeline', ...email('eva@example.com') });
    const input = { keepId: keep, mergeIds: [copy], take: { name: copy } };

    const [first, second] = await Promise.all([
      caller.contacts.merge(input),
      caller.contacts.merge(input),
    ]);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ id: keep, givenName: 'Evangeline' });
    expect(first.phones).toHaveLength(2);
    expect((await caller.trash.list({})).items.map((c) => c.id)).toEqual([copy]);

    // After an undo the copy is back, so the same request is a new merge, made once more.
    await caller.contacts.undoMerge({ undoToken: first.undoToken });
    const again = await caller.contacts.merge(input);
    expect(again.undoToken).not.toBe(first.undoToken);
  });

  it('a merge of other contacts that are gone is still refused', async () => {
    const caller = await signedInCaller(t);
    const keep = await contact(caller, { givenName: 'Fay', ...email('fay@example.com') });
    const copy = await contact(caller, { givenName: 'Faye', ...email('fay@example.com') });
    const third = await contact(caller, { givenName: 'Fae', ...email('fay@example.com') });
    await caller.contacts.merge({ keepId: keep, mergeIds: [copy] });
    await expect(
      caller.contacts.merge({ keepId: keep, mergeIds: [copy, third] }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'One of these contacts is gone. Refresh the page and try again.',
    });
  });
});

describe('Merge & fix: Undo', () => {
  it("puts back the kept contact's card, photo, labels and star, and recovers the copies", async () => {
    const caller = await signedInCaller(t);
    const ownPhoto = await makeImage(caller);
    const copyPhoto = await makeImage(caller);
    const keep = await contact(caller, {
      givenName: 'Gus',
      ...email('gus@example.com'),
      photo: ownPhoto,
      org: 'Old Co',
    });
    const copy = await contact(caller, {
      givenName: 'Augustus',
      familyName: 'Gloop',
      emails: [
        { value: 'gus@example.com', type: '' },
        { value: 'augustus@example.com', type: 'work' },
      ],
      photo: copyPhoto,
      org: 'Chocolate',
      birthday: { day: 3, month: 4, year: 1990 },
    });
    await caller.favorites.set({ id: copy, isFavorite: true });
    await makeLabel(caller, 'Chocolate lovers', [copy]);
    const before = await caller.contacts.byId({ id: keep });
    const copyBefore = await caller.contacts.byId({ id: copy });

    const merged = await caller.contacts.merge({
      keepId: keep,
      mergeIds: [copy],
      take: { name: copy, org: copy, photo: copy, birthday: copy },
    });
    expect(merged).toMatchObject({ givenName: 'Augustus', isFavorite: true });
    expect(merged.photo?.imageId).toBe(copyPhoto);

    const undone = await caller.contacts.undoMerge({ undoToken: merged.undoToken });
    expect(undone.recoveredIds).toEqual([copy]);
    const after = await caller.contacts.byId({ id: keep });
    const strip = ({ photo, ...rest }: typeof before) => ({
      ...rest,
      photo: photo?.imageId ?? null,
    });
    expect(strip(after)).toEqual(strip(before));
    expect(strip(undone.contact)).toEqual(strip(before));
    // The copy's last change is its way back from the Trash.
    expect({ ...strip(await caller.contacts.byId({ id: copy })), updatedAt: null }).toEqual({
      ...strip(copyBefore),
      updatedAt: null,
    });
    expect(await caller.labels.ofContact({ contactId: keep })).toEqual([]);
    expect((await caller.labels.ofContact({ contactId: copy })).map((l) => l.name)).toEqual([
      'Chocolate lovers',
    ]);
    expect((await caller.trash.list({})).items).toEqual([]);
    expect((await caller.contacts.list({})).total).toBe(2);
    // Both photos are still there, each on its own contact.
    for (const image of [ownPhoto, copyPhoto]) {
      expect(existsSync(join(t.uploadsDir, `${image}.webp`))).toBe(true);
    }

    // An undo is used once.
    await expect(caller.contacts.undoMerge({ undoToken: merged.undoToken })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This merge can no longer be undone.',
    });
  });

  it('refuses after a later edit of the kept contact or a copy, and changes nothing', async () => {
    const caller = await signedInCaller(t);
    const keep = await contact(caller, { givenName: 'Hal', ...email('hal@example.com') });
    const copy = await contact(caller, { givenName: 'Harold', ...email('hal@example.com') });
    const merged = await caller.contacts.merge({ keepId: keep, mergeIds: [copy] });
    await caller.contacts.update({ id: keep, note: 'Met at the fair' });

    const refused = {
      code: 'CONFLICT',
      message: 'These contacts changed after the merge, so it cannot be undone. Edit them instead.',
    };
    await expect(caller.contacts.undoMerge({ undoToken: merged.undoToken })).rejects.toMatchObject(
      refused,
    );
    expect(await caller.contacts.byId({ id: keep })).toMatchObject({ note: 'Met at the fair' });
    expect((await caller.trash.list({})).items.map((c) => c.id)).toEqual([copy]);

    // A copy recovered by hand from the Trash: the merge is no longer whole.
    const other = await contact(caller, { givenName: 'Ida', ...email('ida@example.com') });
    const otherCopy = await contact(caller, { givenName: 'Idabel', ...email('ida@example.com') });
    const second = await caller.contacts.merge({ keepId: other, mergeIds: [otherCopy] });
    await caller.trash.recover({ id: otherCopy });
    await expect(caller.contacts.undoMerge({ undoToken: second.undoToken })).rejects.toMatchObject(
      refused,
    );
  });

  it('is refused after ten minutes, and to someone else', async () => {
    const caller = await signedInCaller(t);
    const stranger = await signedInCaller(t);
    const keep = await contact(caller, { givenName: 'Jo', ...email('jo@example.com') });
    const copy = await contact(caller, { givenName: 'Joanna', ...email('jo@example.com') });
    const merged = await caller.contacts.merge({ keepId: keep, mergeIds: [copy] });
    const expired = { code: 'CONFLICT', message: 'This merge can no longer be undone.' };
    await expect(
      stranger.contacts.undoMerge({ undoToken: merged.undoToken }),
    ).rejects.toMatchObject(expired);

    t.advanceClock(10 * 60_000 + 1_000);
    await expect(caller.contacts.undoMerge({ undoToken: merged.undoToken })).rejects.toMatchObject(
      expired,
    );
    expect((await caller.trash.list({})).items.map((c) => c.id)).toEqual([copy]);
  });
});
