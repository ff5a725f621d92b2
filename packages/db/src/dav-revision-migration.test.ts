import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, MIGRATIONS_FOLDER, type DatabaseHandle } from './client';
import { createTestDb, migrationsBefore } from './testing';

/**
 * Migration 0016 on a database numbered by the one shared sequence: each account's counter
 * starts above every number it handed out (its rows, its tombstones, its purge floor), and
 * from then on each account counts only its own changes.
 */
const MIGRATION = '0016_dav_revision_per_account';

let handle: DatabaseHandle;
let folder: string;
let ann: string;
let ben: string;

async function insertUser(email: string): Promise<string> {
  const [user] = await executeRows<{ id: string }>(
    handle.db,
    sql`insert into users (name, email, password_hash) values ('Owner', ${email}, 'x') returning id`,
  );
  return user!.id;
}

async function insertContact(userId: string, name: string): Promise<number> {
  const [row] = await executeRows<{ revision: string }>(
    handle.db,
    sql`insert into contacts (user_id, given_name, family_name) values (${userId}, ${name}, '') returning revision`,
  );
  return Number(row!.revision);
}

async function davRevision(userId: string): Promise<number> {
  const [row] = await executeRows<{ rev: string }>(
    handle.db,
    sql`select dav_revision as rev from users where id = ${userId}`,
  );
  return Number(row!.rev);
}

let annNewest: number;
let benFloor: number;

beforeAll(async () => {
  folder = migrationsBefore(MIGRATION);
  handle = await createTestDb({ migrationsFolder: folder });
  ann = await insertUser('ann@example.com');
  ben = await insertUser('ben@example.com');
  // Interleaved writes on the shared sequence; Ann's newest number is a tombstone's.
  await insertContact(ann, 'A1');
  await insertContact(ben, 'B1');
  await insertContact(ann, 'A2');
  await handle.db.execute(sql`insert into labels (user_id, name) values (${ann}, 'Friends')`);
  await handle.db.execute(sql`delete from contacts where given_name = 'A2'`);
  const [tomb] = await executeRows<{ rev: string }>(
    handle.db,
    sql`select max(revision) as rev from dav_tombstones where user_id = ${ann}`,
  );
  annNewest = Number(tomb!.rev);
  // Ben's tombstones were purged above his rows' numbers: his floor is his newest number.
  benFloor = annNewest + 50;
  await handle.db.execute(sql`update users set dav_sync_floor = ${benFloor} where id = ${ben}`);
  await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
});

afterAll(async () => {
  await handle.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the per-account revision migration (0016)', () => {
  it('starts each account at the newest number it handed out, tombstones and floor included', async () => {
    expect(await davRevision(ann)).toBe(annNewest);
    expect(await davRevision(ben)).toBe(benFloor);
  });

  it("numbers each account's next changes from its own counter", async () => {
    expect(await insertContact(ann, 'A3')).toBe(annNewest + 1);
    expect(await insertContact(ben, 'B2')).toBe(benFloor + 1);
    expect(await insertContact(ann, 'A4')).toBe(annNewest + 2);
    await handle.db.execute(sql`delete from contacts where given_name = 'A4'`);
    const [tomb] = await executeRows<{ rev: string }>(
      handle.db,
      sql`select revision as rev from dav_tombstones where user_id = ${ann} order by revision desc limit 1`,
    );
    expect(Number(tomb!.rev)).toBe(annNewest + 3);
    expect(await davRevision(ann)).toBe(annNewest + 3);
  });

  it('leaves no tombstone and takes no number when the account itself is deleted', async () => {
    await handle.db.execute(sql`delete from users where id = ${ben}`);
    const rows = await executeRows<{ n: string }>(
      handle.db,
      sql`select count(*) as n from dav_tombstones where user_id = ${ben}`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
