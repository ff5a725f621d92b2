import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runRetention } from '@kith/api';
import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  callerFor,
  makeContact,
  makeImage,
  makeUser,
  type Caller,
} from '../test-support/test-caller';

// Procedure-layer setup (createCaller): what retention deletes is the job's rule, not HTTP's.
let t: TestApp;
let userId: string;
let caller: Caller;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
});

// Each test moves the clock by days, past any session: sign in afresh for each.
beforeEach(async () => {
  userId = (await makeUser(t)).id;
  caller = await callerFor(t, userId);
});

afterAll(async () => {
  await t.close();
});

async function contactWithPhoto(firstName: string) {
  const publicId = await makeImage(caller);
  const { id } = await makeContact(caller, {
    givenName: firstName,
    familyName: 'R',
    phones: [{ value: '1', type: '' }],
    photo: publicId,
  });
  return { id, publicId };
}

/** Whether the contact row is still in the database (the session would not outlive the clock). */
const stored = async (id: string) =>
  (await t.db.select().from(schema.contacts).where(eq(schema.contacts.id, id))).length === 1;
const fileExists = (publicId: string) => existsSync(join(t.uploadsDir, `${publicId}.webp`));

describe('retention (30 days in the trash; uploads unattached after 24 h)', () => {
  it('deletes contacts trashed more than 30 days ago with their photos, and nothing else', async () => {
    const old = await contactWithPhoto('Old');
    const recent = await contactWithPhoto('Recent');
    const active = await contactWithPhoto('Active');
    await caller.trash.add({ id: old.id });
    t.advanceClock(20 * DAY);
    caller = await callerFor(t, userId); // the first session ended days ago
    await caller.trash.add({ id: recent.id });
    t.advanceClock(11 * DAY);

    const result = await runRetention({ db: t.db, images: t.images }, t.now());
    expect(result.ran).toBe(true);
    expect(await stored(old.id)).toBe(false);
    expect(fileExists(old.publicId)).toBe(false);
    expect(await stored(recent.id)).toBe(true);
    expect(fileExists(recent.publicId)).toBe(true);
    expect(await stored(active.id)).toBe(true);
    expect(fileExists(active.publicId)).toBe(true);

    // Retention runs over every account: the trashed contact kept here is deleted forever now,
    // or the later tests' clock would bring it due and count it with theirs.
    await (await callerFor(t, userId)).trash.delete({ id: recent.id });
  });

  it('removes uploads never attached to a contact after 24 hours', async () => {
    const loose = await makeImage(caller);
    const kept = await contactWithPhoto('Kept');
    t.advanceClock(23 * 60 * 60_000);
    await runRetention({ db: t.db, images: t.images }, t.now());
    expect(fileExists(loose)).toBe(true);
    t.advanceClock(2 * 60 * 60_000);
    await runRetention({ db: t.db, images: t.images }, t.now());
    expect(fileExists(loose)).toBe(false);
    expect(fileExists(kept.publicId)).toBe(true);
  });

  it('forgets a merge undo, and the card copy it holds, once its 10 minutes are over', async () => {
    const keep = await makeContact(caller, {
      givenName: 'Kept',
      emails: [{ value: 'same@example.com', type: '' }],
    });
    const copy = await makeContact(caller, {
      givenName: 'Copy',
      emails: [{ value: 'same@example.com', type: '' }],
    });
    await caller.contacts.merge({ keepId: keep.id, mergeIds: [copy.id], take: { name: copy.id } });
    const undos = async () =>
      (await t.db.select().from(schema.mergeUndos).where(eq(schema.mergeUndos.userId, userId)))
        .length;
    await runRetention({ db: t.db, images: t.images }, t.now());
    expect(await undos()).toBe(1);
    t.advanceClock(11 * 60_000);
    await runRetention({ db: t.db, images: t.images }, t.now());
    expect(await undos()).toBe(0);
    // The copy waits in the Trash: gone for good now, or a later test's clock would count it.
    await caller.trash.delete({ id: copy.id });
  });

  it('is safe when several instances run it at once', async () => {
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push((await contactWithPhoto(`Many${i}`)).id);
    await caller.trash.addMany({ contactIds: ids });
    t.advanceClock(31 * DAY);
    const results = await Promise.all(
      [1, 2, 3].map(() => runRetention({ db: t.db, images: t.images }, t.now())),
    );
    expect(results.reduce((sum, r) => sum + r.contactsDeleted, 0)).toBe(5);
    for (const id of ids) expect(await stored(id)).toBe(false);
  });
});
