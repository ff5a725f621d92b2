import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, MIGRATIONS_FOLDER, type DatabaseHandle } from './client';
import { createTestDb, migrationsBefore } from './testing';

/**
 * Migration 0023 (the contact's columns take the card's words: org, title, photo_image_id) on
 * a database of the older shape: the values stay, search still finds the organisation, the
 * photo is still the contact's, writes still count the account's bytes, and an import made
 * before it can still be taken back (its backups' keys follow).
 */
const RENAME_MIGRATION = '0023_card_column_names';

let handle: DatabaseHandle;
let folder: string;
let userId: string;
let imageId: string;

beforeAll(async () => {
  folder = migrationsBefore(RENAME_MIGRATION);
  handle = await createTestDb({ migrationsFolder: folder });
  const [user] = await executeRows<{ id: string }>(
    handle.db,
    sql`insert into users (name, email, password_hash) values ('Owner', 'owner@example.com', 'x') returning id`,
  );
  userId = user!.id;
  const [image] = await executeRows<{ id: string }>(
    handle.db,
    sql`insert into images (owner_id, storage_key, content_type, byte_size, width, height)
        values (${userId}, 'k.webp', 'image/webp', 10, 1, 1) returning id`,
  );
  imageId = image!.id;
  const [contact] = await executeRows<{ id: string }>(
    handle.db,
    sql`insert into contacts (user_id, given_name, family_name, company, job_title, avatar_image_id)
        values (${userId}, 'Ada', 'Lovelace', 'Analytical Engines', 'Countess', ${imageId})
        returning id`,
  );
  const previous = {
    givenName: 'Ada',
    company: 'Old Co',
    jobTitle: 'Clerk',
    avatarImageId: null,
    labelIds: [],
  };
  await handle.db.execute(sql`
    insert into contact_import_backups (import_id, user_id, contact_id, previous)
    values (gen_random_uuid(), ${userId}, ${contact!.id}, ${JSON.stringify(previous)}::jsonb)`);
  await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
});

afterAll(async () => {
  await handle.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('migration 0023: the card-named columns', () => {
  it('keeps the organisation, title and photo under their new names', async () => {
    const [row] = await executeRows<Record<string, unknown>>(
      handle.db,
      sql`select org, title, photo_image_id from contacts where given_name = 'Ada'`,
    );
    expect(row).toEqual({ org: 'Analytical Engines', title: 'Countess', photo_image_id: imageId });
  });

  it('still searches the organisation', async () => {
    const found = await executeRows<{ given_name: string }>(
      handle.db,
      sql`select given_name from contacts where search_text like '%analytical%'`,
    );
    expect(found).toEqual([{ given_name: 'Ada' }]);
  });

  it('still counts the account bytes on a write', async () => {
    const before = await contactBytes();
    await handle.db.execute(
      sql`update contacts set org = ${'A much longer name of an organisation'} where given_name = 'Ada'`,
    );
    expect(await contactBytes()).toBeGreaterThan(before);
  });

  it("renames an import backup's keys, so the import can still be taken back", async () => {
    const [backup] = await executeRows<{ previous: Record<string, unknown> }>(
      handle.db,
      sql`select previous from contact_import_backups`,
    );
    expect(backup!.previous).toEqual({
      givenName: 'Ada',
      org: 'Old Co',
      title: 'Clerk',
      photoImageId: null,
      labelIds: [],
    });
  });
});

async function contactBytes(): Promise<number> {
  const [row] = await executeRows<{ contact_bytes: string }>(
    handle.db,
    sql`select contact_bytes from users where id = ${userId}`,
  );
  return Number(row!.contact_bytes);
}
