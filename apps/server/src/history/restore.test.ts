import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { makeContact, makeLabel, signedInCaller, type Caller } from '../test-support/test-caller';

// "Undo changes" and "Restore this version" (docs/history.md): the book, or one contact,
// back as it was at a moment, whoever changed it since.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** The person's whole book as a person sees it: every contact (Trash included) and label. */
async function book(caller: Caller) {
  const { items } = await caller.contacts.list({ limit: 100 });
  const trashed = await caller.trash.list({ limit: 100 });
  const labels = await caller.labels.list();
  const strip = (c: { updatedAt: Date; photo: unknown }) => ({ ...c, updatedAt: 0, photo: null });
  return {
    contacts: items.map(strip).sort((a, b) => a.id.localeCompare(b.id)),
    trashed: trashed.items.map(strip).sort((a, b) => a.id.localeCompare(b.id)),
    labels: labels.map((l) => ({ id: l.id, name: l.name })).sort((a, b) => a.id.localeCompare(b.id)),
  };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('Undo changes', () => {
  it('puts the book back as it was: edits, new contacts, trash, favourites and labels', async () => {
    const caller = await signedInCaller(t);
    const ada = await makeContact(caller, { givenName: 'Ada', familyName: 'Lovelace' });
    const bob = await makeContact(caller, { givenName: 'Bob' });
    await makeLabel(caller, 'Friends', [ada.id]);
    await pause();
    const before = await book(caller);
    const moment = new Date();
    await pause();

    await caller.contacts.update({ id: ada.id, familyName: 'Byron' });
    await caller.favorites.set({ id: bob.id, isFavorite: true });
    await makeContact(caller, { givenName: 'Cy' });
    await caller.trash.add({ id: bob.id });
    await makeLabel(caller, 'Work', [ada.id]);

    expect(await caller.history.previewUndo({ at: moment })).toEqual({
      changed: 2,
      recreated: 0,
      removed: 1,
      labels: 1,
    });
    await caller.history.undoChanges({ at: moment });
    expect(await book(caller)).toEqual(before);
  });

  it('refuses a moment in the future or older than 30 days, with the reason', async () => {
    const caller = await signedInCaller(t);
    await expect(
      caller.history.previewUndo({ at: new Date(Date.now() + 60_000) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/in the past/) });
    await expect(
      caller.history.undoChanges({ at: new Date(Date.now() - 31 * 24 * 3600_000) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/30 days/) });
  });
});
