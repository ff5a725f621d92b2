import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, type Database, type DatabaseHandle } from './client';
import { createTestDb } from './testing';

/**
 * Migration 0030: the account's revisions are counted per statement
 * (docs/decisions/0019-revisions-taken-per-statement.md). Whatever the number of rows a
 * statement writes, each changed contact and label gets its own revision from the account's
 * counter, the counter ends at the newest one, and the contacts' byte total stays exact.
 */

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDb();
});

afterAll(async () => {
  await handle.close();
});

async function insertUser(db: Database, email: string): Promise<string> {
  const [user] = await executeRows<{ id: string }>(
    db,
    sql`insert into users (name, email, password_hash) values ('Owner', ${email}, 'x') returning id`,
  );
  return user!.id;
}

/** The account's counter and byte total, and the bytes its contacts take when measured. */
async function account(db: Database, userId: string) {
  const [row] = await executeRows<{ revision: string; bytes: string; measured: string }>(
    db,
    sql`select u.dav_revision as revision, u.contact_bytes as bytes,
      (select coalesce(sum(kith_contact_bytes(c)), 0) from contacts c where c.user_id = u.id) as measured
      from users u where u.id = ${userId}`,
  );
  return {
    revision: Number(row!.revision),
    bytes: Number(row!.bytes),
    measured: Number(row!.measured),
  };
}

async function contactRevisions(db: Database, userId: string): Promise<Map<string, number>> {
  const rows = await executeRows<{ id: string; revision: string }>(
    db,
    sql`select id, revision from contacts where user_id = ${userId}`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.revision)]));
}

/** Inserts `count` contacts of `userId` in one multi-row INSERT; answers their ids in order. */
async function insertMany(db: Database, userId: string, count: number): Promise<string[]> {
  const rows = await executeRows<{ id: string; revision: string }>(
    db,
    sql`insert into contacts (user_id, given_name, family_name, note)
      select ${userId}, 'Person ' || n, 'Family', repeat('x', n)
      from generate_series(1, ${count}) as n order by n
      returning id, revision`,
  );
  return rows.map((r) => r.id);
}

describe('revisions taken per statement', () => {
  it('gives each row of a 500-row INSERT its own revision, in order, and ends the counter at the newest', async () => {
    const userId = await insertUser(handle.db, 'many@example.com');
    const before = await account(handle.db, userId);
    const rows = await executeRows<{ revision: string }>(
      handle.db,
      sql`insert into contacts (user_id, given_name, family_name, note)
        select ${userId}, 'Person ' || n, 'Family', repeat('x', n)
        from generate_series(1, 500) as n order by n
        returning revision`,
    );
    const revisions = rows.map((r) => Number(r.revision));
    expect(new Set(revisions).size).toBe(500);
    expect(revisions).toEqual(revisions.map((_, i) => before.revision + 1 + i));
    const after = await account(handle.db, userId);
    expect(after.revision).toBe(before.revision + 500);
    expect(after.bytes).toBe(after.measured);
  });

  it('touches a label given to 300 contacts once, and gives every contact a new revision', async () => {
    const userId = await insertUser(handle.db, 'label@example.com');
    await insertMany(handle.db, userId, 300);
    const [label] = await executeRows<{ id: string; revision: string }>(
      handle.db,
      sql`insert into labels (user_id, name) values (${userId}, 'Friends') returning id, revision`,
    );
    const before = await contactRevisions(handle.db, userId);
    const counter = (await account(handle.db, userId)).revision;

    await handle.db.execute(sql`insert into contact_labels (contact_id, label_id)
      select id, ${label!.id} from contacts where user_id = ${userId}`);

    const after = await contactRevisions(handle.db, userId);
    for (const [id, revision] of after) expect(revision).toBeGreaterThan(before.get(id)!);
    const taken = [...after.values()];
    expect(new Set(taken).size).toBe(300);
    const [labelNow] = await executeRows<{ revision: string }>(
      handle.db,
      sql`select revision from labels where id = ${label!.id}`,
    );
    // 300 contacts and the label once: 301 revisions, the newest the counter's.
    const now = (await account(handle.db, userId)).revision;
    expect(now).toBe(counter + 301);
    expect(Math.max(...taken, Number(labelNow!.revision))).toBe(now);
    expect(Number(labelNow!.revision)).toBeGreaterThan(Number(label!.revision));

    // Taken away in one statement: the same again, each contact and the label once.
    await handle.db.execute(sql`delete from contact_labels where label_id = ${label!.id}`);
    expect((await account(handle.db, userId)).revision).toBe(now + 301);
  });

  it('leaves a tombstone with its own revision for every contact of a bulk delete, below the counter', async () => {
    const userId = await insertUser(handle.db, 'delete@example.com');
    const ids = await insertMany(handle.db, userId, 200);
    const counter = (await account(handle.db, userId)).revision;
    await handle.db.execute(sql`delete from contacts where user_id = ${userId}`);
    const tombstones = await executeRows<{ resource_id: string; revision: string }>(
      handle.db,
      sql`select resource_id, revision from dav_tombstones where user_id = ${userId}`,
    );
    expect(tombstones.map((t) => t.resource_id).sort()).toEqual([...ids].sort());
    const revisions = tombstones.map((t) => Number(t.revision));
    expect(new Set(revisions).size).toBe(200);
    expect(Math.min(...revisions)).toBe(counter + 1);
    const after = await account(handle.db, userId);
    expect(after.revision).toBe(counter + 200);
    expect(after.bytes).toBe(0);
    // The next change counts on from there.
    const [next] = await executeRows<{ revision: string }>(
      handle.db,
      sql`insert into contacts (user_id, given_name, family_name) values (${userId}, 'New', '') returning revision`,
    );
    expect(Number(next!.revision)).toBe(counter + 201);
  });

  it('counts each account apart in one statement writing two accounts', async () => {
    const ann = await insertUser(handle.db, 'ann@example.com');
    const ben = await insertUser(handle.db, 'ben@example.com');
    const annBefore = (await account(handle.db, ann)).revision;
    const benBefore = (await account(handle.db, ben)).revision;
    // Interleaved: Ann, Ben, Ann, Ben...
    const rows = await executeRows<{ user_id: string; revision: string }>(
      handle.db,
      sql`insert into contacts (user_id, given_name, family_name)
        select case when n % 2 = 0 then ${ann}::uuid else ${ben}::uuid end, 'P' || n, ''
        from generate_series(1, 40) as n order by n
        returning user_id, revision`,
    );
    const of = (userId: string) =>
      rows.filter((r) => r.user_id === userId).map((r) => Number(r.revision));
    expect(of(ann)).toEqual(Array.from({ length: 20 }, (_, i) => annBefore + 1 + i));
    expect(of(ben)).toEqual(Array.from({ length: 20 }, (_, i) => benBefore + 1 + i));
    const annAfter = await account(handle.db, ann);
    const benAfter = await account(handle.db, ben);
    expect([annAfter.revision, benAfter.revision]).toEqual([annBefore + 20, benBefore + 20]);
    expect(annAfter.bytes).toBe(annAfter.measured);
    expect(benAfter.bytes).toBe(benAfter.measured);
  });

  it('does not give a contact a second revision for a label given in the transaction that wrote it', async () => {
    const userId = await insertUser(handle.db, 'same-tx@example.com');
    const [label] = await executeRows<{ id: string }>(
      handle.db,
      sql`insert into labels (user_id, name) values (${userId}, 'Work') returning id`,
    );
    const counter = (await account(handle.db, userId)).revision;
    const written = await handle.db.transaction(async (tx) => {
      const ids = await insertMany(tx as unknown as Database, userId, 50);
      const revisions = await contactRevisions(tx as unknown as Database, userId);
      await tx.execute(sql`insert into contact_labels (contact_id, label_id)
        select id, ${label!.id} from contacts where user_id = ${userId}`);
      return { ids, revisions };
    });
    // Nobody saw the contacts without their label: the revisions they were written with
    // name them as they were committed. The label moves once.
    expect(await contactRevisions(handle.db, userId)).toEqual(written.revisions);
    expect((await account(handle.db, userId)).revision).toBe(counter + 51);
  });

  it('keeps the counter right across a savepoint rolled back', async () => {
    const userId = await insertUser(handle.db, 'savepoint@example.com');
    const counter = (await account(handle.db, userId)).revision;
    await handle.db.transaction(async (tx) => {
      await insertMany(tx as unknown as Database, userId, 5);
      await tx
        .transaction(async (inner) => {
          await insertMany(inner as unknown as Database, userId, 7);
          throw new Error('rolled back');
        })
        .catch(() => {});
      await insertMany(tx as unknown as Database, userId, 3);
    });
    const revisions = [...(await contactRevisions(handle.db, userId)).values()].sort(
      (a, b) => a - b,
    );
    expect(revisions).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => counter + i));
    const after = await account(handle.db, userId);
    expect(after.revision).toBe(counter + 8);
    expect(after.bytes).toBe(after.measured);
  });
});
