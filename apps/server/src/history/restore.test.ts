import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { schema } from '@kith/db';
import { eq, sql } from 'drizzle-orm';
import {
  callerFor,
  makeContact,
  makeImage,
  makeLabel,
  makeUser,
  signedInCaller,
  type Caller,
} from '../test-support/test-caller';
import { png } from '../test-support/test-images';
import { signedInClient } from '../test-support/test-users';

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
  const strip = <C extends { updatedAt: Date; photo: unknown }>(c: C) => ({
    ...c,
    updatedAt: 0,
    photo: null,
  });
  return {
    contacts: items.map(strip).sort((a, b) => a.id.localeCompare(b.id)),
    trashed: trashed.items.map(strip).sort((a, b) => a.id.localeCompare(b.id)),
    labels: labels
      .map((l) => ({ id: l.id, name: l.name }))
      .sort((a, b) => a.id.localeCompare(b.id)),
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

  it('puts back 600 contacts changed at once (more than one statement writes), with their labels', async () => {
    const { id: userId } = await makeUser(t);
    const caller = await callerFor(t, userId);
    await t.db.insert(schema.contacts).values(
      Array.from({ length: 600 }, (_, i) => ({
        userId,
        givenName: `P${i}`,
        familyName: 'Many',
      })),
    );
    const ids = (
      await t.db
        .select({ id: schema.contacts.id })
        .from(schema.contacts)
        .where(eq(schema.contacts.userId, userId))
    ).map((r) => r.id);
    const friends = await makeLabel(caller, 'Friends', ids.slice(0, 100));
    const exported = async () => (await caller.contacts.export({ format: 'vcf' })).content;
    const before = await exported();
    await pause();
    const moment = new Date();
    await pause();

    await caller.trash.addMany({ contactIds: ids });
    await caller.labels.unassign({ labelId: friends.id, contactIds: ids.slice(0, 100) });
    await caller.labels.assign({ labelId: friends.id, contactIds: ids.slice(100, 200) });
    expect((await caller.trash.list({ limit: 1 })).total).toBe(600);

    await caller.history.undoChanges({ at: moment });
    expect(await exported()).toBe(before);
    expect((await caller.trash.list({ limit: 1 })).total).toBe(0);
    // The bytes the book takes (RFC 4331 quota a CardDAV client is told) are its contacts'.
    const [bytes] = await t.db
      .select({
        kept: schema.users.contactBytes,
        actual: sql<string>`(select sum(kith_contact_bytes(c)) from contacts c where c.user_id = ${userId})`,
      })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    expect(bytes!.kept).toBe(Number(bytes!.actual));
  }, 60_000);

  it('brings back a contact deleted for good (its id, photo, labels and resource name) and labels renamed or deleted', async () => {
    const { id: userId } = await makeUser(t);
    const caller = await callerFor(t, userId);
    const ada = await makeContact(caller, { givenName: 'Ada', photo: await makeImage(caller) });
    const bob = await makeContact(caller, { givenName: 'Bob' });
    const friends = await makeLabel(caller, 'Friends', [ada.id, bob.id]);
    const work = await makeLabel(caller, 'Work', [ada.id]);
    const davNames = async () =>
      (
        await t.db
          .select({ id: schema.contacts.id, davName: schema.contacts.davName })
          .from(schema.contacts)
          .where(eq(schema.contacts.userId, userId))
      ).sort((a, b) => a.id.localeCompare(b.id));
    const photo = served((await caller.contacts.byId({ id: ada.id })).photo!.url);
    const before = { book: await book(caller), davNames: await davNames() };
    await pause();
    const moment = new Date();
    await pause();

    await caller.trash.add({ id: ada.id });
    await caller.trash.delete({ id: ada.id });
    await caller.labels.delete({ id: work.id });
    await caller.labels.rename({ id: friends.id, name: 'Work' });
    await makeLabel(caller, 'Friends', [bob.id]);

    expect(await caller.history.previewUndo({ at: moment })).toEqual({
      changed: 1,
      recreated: 1,
      removed: 0,
      labels: 3,
    });
    await caller.history.undoChanges({ at: moment });
    expect({ book: await book(caller), davNames: await davNames() }).toEqual(before);
    const back = await served((await caller.contacts.byId({ id: ada.id })).photo!.url);
    expect(back.status).toBe(200);
    expect(back.bytes.equals((await photo).bytes)).toBe(true);
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

/** A photo's bytes as the server serves them at its signed link. */
async function served(url: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, bytes: res.rawPayload };
}

describe('Restore this version', () => {
  it('brings back a replaced photo, and the server serves its bytes again', async () => {
    const caller = await signedInCaller(t);
    const first = await makeImage(caller);
    const ada = await makeContact(caller, { givenName: 'Ada', photo: first });
    const before = served((await caller.contacts.byId({ id: ada.id })).photo!.url);
    const { image } = await caller.images.upload({ data: new Uint8Array(await png(64, 64)) });
    await caller.contacts.update({ id: ada.id, photo: image.publicId });

    const { entries } = await caller.history.contact({ contactId: ada.id });
    expect(entries[0]!.previous!.photo!.imageId).toBe(first);
    await caller.history.restoreVersion({
      contactId: ada.id,
      versionId: entries[0]!.previousVersionId!,
    });
    const restored = await caller.contacts.byId({ id: ada.id });
    expect(restored.photo!.imageId).toBe(first);
    const now = await served(restored.photo!.url);
    expect(now.status).toBe(200);
    expect(now.bytes.equals((await before).bytes)).toBe(true);
    // The restore is in the History too, through what it came.
    const after = await caller.history.contact({ contactId: ada.id });
    expect(after.entries[0]!.source).toMatchObject({ via: 'restore' });
  });
});

describe('a restore of the whole book', () => {
  it('is itself undone by undoing the changes from just before it', async () => {
    const caller = await signedInCaller(t);
    const ada = await makeContact(caller, { givenName: 'Ada' });
    await pause();
    const moment = new Date();
    await pause();
    await caller.contacts.update({ id: ada.id, familyName: 'Byron' });
    await makeContact(caller, { givenName: 'Cy' });
    await makeLabel(caller, 'Work', [ada.id]);
    const beforeRestore = await book(caller);

    const { restoredAt } = await caller.history.undoChanges({ at: moment });
    expect(await book(caller)).not.toEqual(beforeRestore);
    // Undoing what came after the restore keeps it; from just before it, undoes it.
    await pause();
    await caller.history.undoChanges({ at: restoredAt });
    expect((await book(caller)).contacts.map((c) => c.familyName)).toEqual(['Hopper']);
    await caller.history.undoChanges({ at: new Date(restoredAt.getTime() - 1) });
    expect(await book(caller)).toEqual(beforeRestore);
  });

  it('two at once run one after the other: the book ends as one of them left it, never a mix', async () => {
    const caller = await signedInCaller(t);
    const people = await Promise.all(
      ['Ada', 'Bob', 'Cy', 'Dee'].map((givenName) => makeContact(caller, { givenName })),
    );
    await pause();
    const first = new Date();
    const atFirst = await book(caller);
    await pause();
    for (const p of people) await caller.contacts.update({ id: p.id, familyName: 'Second' });
    await caller.favorites.set({ id: people[0]!.id, isFavorite: true });
    await pause();
    const second = new Date();
    const atSecond = await book(caller);
    await pause();
    for (const p of people) await caller.contacts.update({ id: p.id, familyName: 'Third' });
    await caller.trash.add({ id: people[1]!.id });
    await makeContact(caller, { givenName: 'Eve' });

    const results = await Promise.allSettled([
      caller.history.undoChanges({ at: first }),
      caller.history.undoChanges({ at: second }),
    ]);
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      // A refusal is clean: "try again" or a conflict, never a server error.
      expect(result.reason).toBeInstanceOf(TRPCError);
      expect(['SERVICE_UNAVAILABLE', 'CONFLICT', 'TOO_MANY_REQUESTS']).toContain(
        (result.reason as TRPCError).code,
      );
    }
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    const end = await book(caller);
    expect([atFirst, atSecond]).toContainEqual(end);
  });
});

describe('what a restore refuses', () => {
  it('answers 400 over HTTP with the reason for a moment in the future, too old, or not a moment', async () => {
    const { client } = await signedInClient(t);
    const future = await client.query('history.previewUndo', {
      at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(JSON.stringify(future.body)).toMatch(/in the past/);
    const old = await client.mutation('history.undoChanges', {
      at: new Date(Date.now() - 31 * 24 * 3600_000).toISOString(),
    });
    expect(old.status).toBe(400);
    expect(JSON.stringify(old.body)).toMatch(/30 days/);
    for (const at of ['yesterday', '', '2026-13-45T25:61:00Z', 'NaN', '+275760-09-14T00:00:00Z']) {
      const res = await client.mutation('history.undoChanges', { at });
      expect(res.status, at).toBe(400);
    }
    for (const at of [null, {}, [], 1e20, true]) {
      const res = await client.query('history.previewUndo', { at });
      expect(res.status, JSON.stringify(at)).toBe(400);
    }
  });

  it("answers 404 for another account's contact or version, and a version of another contact", async () => {
    const mine = await signedInCaller(t);
    const theirs = await signedInCaller(t);
    const ada = await makeContact(mine, { givenName: 'Ada' });
    const bob = await makeContact(theirs, { givenName: 'Bob' });
    await theirs.contacts.update({ id: bob.id, familyName: 'Babbage' });
    const theirVersion = (await theirs.history.contact({ contactId: bob.id })).entries[0]!
      .previousVersionId!;
    await mine.contacts.update({ id: ada.id, familyName: 'Byron' });

    const notFound = { code: 'NOT_FOUND' };
    await expect(mine.history.contact({ contactId: bob.id })).rejects.toMatchObject(notFound);
    await expect(
      mine.history.restoreVersion({ contactId: bob.id, versionId: theirVersion }),
    ).rejects.toMatchObject(notFound);
    await expect(
      mine.history.restoreVersion({ contactId: ada.id, versionId: theirVersion }),
    ).rejects.toMatchObject(notFound);
    await expect(
      mine.history.restoreVersion({ contactId: ada.id, versionId: crypto.randomUUID() }),
    ).rejects.toMatchObject(notFound);
    // Their contact is as they left it.
    expect((await theirs.contacts.byId({ id: bob.id })).familyName).toBe('Babbage');
  });
});
