import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runRetention } from '@kith/api';
import { schema } from '@kith/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { makeContact, makeImage, signedInCaller } from '../test-support/test-caller';

// The history keeps 30 days (docs/history.md#retention): retention forgets older versions,
// and with them the photos only they still showed, never a photo a kept version shows.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60_000;

const versionCount = async (contactId: string) =>
  (
    await t.db
      .select({ id: schema.contactVersions.id })
      .from(schema.contactVersions)
      .where(eq(schema.contactVersions.contactId, contactId))
  ).length;

/** Whether the image is still kept: its row and its bytes. */
async function kept(publicId: string): Promise<{ row: boolean; bytes: boolean }> {
  const rows = await t.db.select().from(schema.images).where(eq(schema.images.id, publicId));
  return { row: rows.length === 1, bytes: existsSync(join(t.uploadsDir, `${publicId}.webp`)) };
}

const KEPT = { row: true, bytes: true };
const GONE = { row: false, bytes: false };

describe('history retention', () => {
  it('forgets versions older than 30 days with the photos only they showed, and keeps the rest', async () => {
    const caller = await signedInCaller(t);
    // Ada's photo A was replaced by B long ago; Bob's C by D within the 30 days.
    const [a, b, c, d] = [
      await makeImage(caller),
      await makeImage(caller),
      await makeImage(caller),
      await makeImage(caller),
    ];
    const ada = await makeContact(caller, { givenName: 'Ada', photo: a });
    await caller.contacts.update({ id: ada.id, photo: b });
    const bob = await makeContact(caller, { givenName: 'Bob', photo: c });
    await caller.contacts.update({ id: bob.id, photo: d });
    // Ada's history was written 31 days ago.
    await t.db
      .update(schema.contactVersions)
      .set({ recordedAt: sql`${schema.contactVersions.recordedAt} - interval '31 days'` })
      .where(eq(schema.contactVersions.contactId, ada.id));

    await runRetention(t.deps, t.now());
    expect(await versionCount(ada.id)).toBe(0);
    expect(await versionCount(bob.id)).toBe(2);
    expect(await kept(a)).toEqual(GONE);
    expect(await kept(b)).toEqual(KEPT);
    // C is on no contact now, but Bob's kept version shows it: restoring that brings it back.
    expect(await kept(c)).toEqual(KEPT);
    const { entries } = await caller.history.contact({ contactId: bob.id });
    expect(entries[0]!.previous!.photo!.imageId).toBe(c);
    expect(entries[0]!.previous!.photo!.url).not.toBe('');

    // 31 days on, Bob's versions are forgotten too, and C with them; D is still his photo.
    t.advanceClock(31 * DAY);
    await runRetention(t.deps, t.now());
    expect(await versionCount(bob.id)).toBe(0);
    expect(await kept(c)).toEqual(GONE);
    expect(await kept(d)).toEqual(KEPT);
  });
});
