import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { contacts, duplicateDismissals, mergeUndos, users } from './schema';
import { createTestDb } from './testing';

// Migration 0024: Merge & fix's "Not duplicates" pairs and merge undos, on PostgreSQL and PGlite.
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

/** An account with two contacts, their ids in uuid order. */
async function accountWithPair(email: string) {
  const [user] = await handle.db
    .insert(users)
    .values({ name: 'Test', email, passwordHash: 'x' })
    .returning();
  const rows = await handle.db
    .insert(contacts)
    .values([
      { userId: user!.id, givenName: 'Ann' },
      { userId: user!.id, givenName: 'Anne' },
    ])
    .returning({ id: contacts.id });
  const [a, b] = rows.map((r) => r.id).sort() as [string, string];
  return { userId: user!.id, a, b };
}

describe('migration 0024: duplicate_dismissals and merge_undos', () => {
  it('keeps a pair once, its smaller id first', async () => {
    const { userId, a, b } = await accountWithPair('pair@example.com');
    await handle.db.insert(duplicateDismissals).values({ userId, contactA: a, contactB: b });
    await expect(
      handle.db.insert(duplicateDismissals).values({ userId, contactA: b, contactB: a }),
    ).rejects.toThrow();
    await expect(
      handle.db.insert(duplicateDismissals).values({ userId, contactA: a, contactB: b }),
    ).rejects.toThrow();
  });

  it('drops the rows with either contact deleted for good, and with the account', async () => {
    const { userId, a, b } = await accountWithPair('gone@example.com');
    await handle.db.insert(duplicateDismissals).values({ userId, contactA: a, contactB: b });
    await handle.db.insert(mergeUndos).values({
      userId,
      keptId: a,
      keptRevision: 1,
      previous: {},
      addedLabelIds: [],
      copies: [{ id: b, revision: 1, photoImageId: null }],
    });
    await handle.db.delete(contacts).where(eq(contacts.id, b));
    expect(
      await handle.db
        .select()
        .from(duplicateDismissals)
        .where(eq(duplicateDismissals.userId, userId)),
    ).toEqual([]);
    expect(
      await handle.db.select().from(mergeUndos).where(eq(mergeUndos.userId, userId)),
    ).toHaveLength(1);
    await handle.db.delete(users).where(eq(users.id, userId));
    expect(await handle.db.select().from(mergeUndos).where(eq(mergeUndos.userId, userId))).toEqual(
      [],
    );
  });
});
