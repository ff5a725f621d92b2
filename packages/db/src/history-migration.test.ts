import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, type Database, type DatabaseHandle } from './client';
import { contactLabels, contacts, contactVersions, labels, labelVersions, users } from './schema';
import { createTestDb } from './testing';

// Migration 0025: the triggers that keep every contact's and label's history, on PostgreSQL
// and PGlite, whoever writes.
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

async function account(email: string) {
  const [user] = await handle.db
    .insert(users)
    .values({ name: 'Test', email, passwordHash: 'x' })
    .returning();
  return user!.id;
}

const versionsOf = (contactId: string) =>
  handle.db
    .select()
    .from(contactVersions)
    .where(eq(contactVersions.contactId, contactId))
    .orderBy(contactVersions.recordedAt, contactVersions.txid);

describe('migration 0025: contact and label history', () => {
  it('records a creation, then the card as it was before each transaction that changed it', async () => {
    const userId = await account('history@example.com');
    const [ann] = await handle.db
      .insert(contacts)
      .values({ userId, givenName: 'Ann', phones: [{ value: '555', type: 'cell' }] })
      .returning();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('kith.change_source', '{"via":"web"}', true)`);
      await tx.update(contacts).set({ givenName: 'Anne' }).where(eq(contacts.id, ann!.id));
      await tx.update(contacts).set({ familyName: 'Smith' }).where(eq(contacts.id, ann!.id));
    });
    // Only the revision moves: nothing a person sees changed, so no version.
    await handle.db.update(contacts).set({ revision: 0 }).where(eq(contacts.id, ann!.id));

    const versions = await versionsOf(ann!.id);
    expect(versions.map((v) => v.card?.given_name ?? null)).toEqual([null, 'Ann']);
    expect(versions[1]!.card).toMatchObject({ family_name: '', labels: [] });
    expect(versions[1]!.source).toEqual({ via: 'web' });
    expect(versions[0]!.source).toBeNull();
  });

  it('records labels given and taken with the labels the contact had before', async () => {
    const userId = await account('labels-history@example.com');
    const [bob] = await handle.db.insert(contacts).values({ userId, givenName: 'Bob' }).returning();
    const [family] = await handle.db.insert(labels).values({ userId, name: 'Family' }).returning();
    await handle.db.insert(contactLabels).values({ contactId: bob!.id, labelId: family!.id });
    await handle.db.update(labels).set({ name: 'Kin' }).where(eq(labels.id, family!.id));
    await handle.db.delete(labels).where(eq(labels.id, family!.id));

    const versions = await versionsOf(bob!.id);
    expect(versions.map((v) => v.card?.labels ?? null)).toEqual([
      null,
      [],
      [{ id: family!.id, name: 'Kin' }],
    ]);
    const labelHistory = await handle.db
      .select()
      .from(labelVersions)
      .where(eq(labelVersions.labelId, family!.id))
      .orderBy(labelVersions.recordedAt, labelVersions.txid);
    expect(labelHistory.map((v) => v.label?.name ?? null)).toEqual([null, 'Family', 'Kin']);
  });

  it('records a contact deleted for good, but nothing when the account goes', async () => {
    const userId = await account('deleted-history@example.com');
    const [cy] = await handle.db.insert(contacts).values({ userId, givenName: 'Cy' }).returning();
    await handle.db.delete(contacts).where(eq(contacts.id, cy!.id));
    expect((await versionsOf(cy!.id)).map((v) => v.card?.given_name ?? null)).toEqual([null, 'Cy']);

    const [dee] = await handle.db.insert(contacts).values({ userId, givenName: 'Dee' }).returning();
    await handle.db.delete(users).where(eq(users.id, userId));
    const left = await handle.db
      .select()
      .from(contactVersions)
      .where(and(eq(contactVersions.userId, userId)));
    expect(left).toEqual([]);
    expect(await versionsOf(dee!.id)).toEqual([]);
  });
  it("records a transaction's changes at the moment it wrote, all at one moment, not when it began", async () => {
    const userId = await account('moment-history@example.com');
    const [eve] = await handle.db.insert(contacts).values({ userId, givenName: 'Eve' }).returning();
    const [fay] = await handle.db.insert(contacts).values({ userId, givenName: 'Fay' }).returning();
    // A transaction that began, then waited (for the book lock, as a writer behind another
    // does) before it wrote: its versions come after the writes it waited for.
    const began = await handle.db.transaction(async (tx) => {
      const [row] = await executeRows<{ ms: number }>(
        tx as unknown as Database,
        sql`select (extract(epoch from now()) * 1000)::float8 as ms`,
      );
      await tx.execute(sql`select pg_sleep(0.05)`);
      await tx.update(contacts).set({ givenName: 'Eva' }).where(eq(contacts.id, eve!.id));
      await tx.execute(sql`select pg_sleep(0.01)`);
      await tx.update(contacts).set({ givenName: 'Faye' }).where(eq(contacts.id, fay!.id));
      return new Date(Number(row!.ms));
    });
    const [eva] = (await versionsOf(eve!.id)).slice(-1);
    const [faye] = (await versionsOf(fay!.id)).slice(-1);
    expect(eva!.recordedAt.getTime()).toBeGreaterThanOrEqual(began.getTime() + 50);
    expect(faye!.recordedAt).toEqual(eva!.recordedAt);
    expect(faye!.txid).toBe(eva!.txid);
  });
});
