import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runRetention } from '@kith/api';
import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { TestClient } from '../test-support/test-client';
import { uploadPng } from '../test-support/test-images';
import { signedInClient } from '../test-support/test-users';

let t: TestApp;
let client: TestClient;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
});

// Each test moves the clock by days, past any session: sign in afresh for each.
beforeEach(async () => {
  ({ client } = await signedInClient(t));
});

afterAll(async () => {
  await t.close();
});

async function contactWithPhoto(firstName: string) {
  const publicId = await uploadPng(client);
  const res = await client.rest('POST', '/contacts', {
    firstName,
    lastName: 'R',
    phone: '1',
    avatar: { publicId },
  });
  return { id: (res.body.data as { _id: string })._id, publicId };
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
    await client.rest('PATCH', `/trash/${old.id}`);
    t.advanceClock(20 * DAY);
    await client.rest('PATCH', `/trash/${recent.id}`);
    t.advanceClock(11 * DAY);

    const result = await runRetention({ db: t.db, images: t.images }, t.now());
    expect(result.ran).toBe(true);
    expect(await stored(old.id)).toBe(false);
    expect(fileExists(old.publicId)).toBe(false);
    expect(await stored(recent.id)).toBe(true);
    expect(fileExists(recent.publicId)).toBe(true);
    expect(await stored(active.id)).toBe(true);
    expect(fileExists(active.publicId)).toBe(true);
  });

  it('removes uploads never attached to a contact after 24 hours', async () => {
    const loose = await uploadPng(client);
    const kept = await contactWithPhoto('Kept');
    t.advanceClock(23 * 60 * 60_000);
    await runRetention({ db: t.db, images: t.images }, t.now());
    expect(fileExists(loose)).toBe(true);
    t.advanceClock(2 * 60 * 60_000);
    await runRetention({ db: t.db, images: t.images }, t.now());
    expect(fileExists(loose)).toBe(false);
    expect(fileExists(kept.publicId)).toBe(true);
  });

  it('is safe when several instances run it at once', async () => {
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push((await contactWithPhoto(`Many${i}`)).id);
    await client.rest('PATCH', '/trash', { contactIds: ids });
    t.advanceClock(31 * DAY);
    const results = await Promise.all(
      [1, 2, 3].map(() => runRetention({ db: t.db, images: t.images }, t.now())),
    );
    expect(results.reduce((sum, r) => sum + r.contactsDeleted, 0)).toBe(5);
    for (const id of ids) expect(await stored(id)).toBe(false);
  });
});
