import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ImageStore } from '@kith/api';
import { schema, type Database } from '@kith/db';
import { sql } from 'drizzle-orm';

/**
 * An image's storage key as the server makes them (`<uuid>.webp`, perhaps under folders):
 * only such keys are written into or read out of an archive, so no entry can name a path
 * outside its folder.
 */
const SAFE_KEY = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Migrations drizzle recorded as applied to `db` (0 on a database it never migrated). */
export async function appliedMigrations(db: Database): Promise<number> {
  const rows = (await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { n: number }[];
  return rows[0]?.n ?? 0;
}

/**
 * Copies the bytes of every image the `images` table names from `store` into `folder`, one
 * file per key. A key whose bytes are gone (deleted between the database's dump and this
 * read) is listed in `missing` rather than failing the backup.
 */
export async function copyImagesOut(
  db: Database,
  store: ImageStore,
  folder: string,
): Promise<{ count: number; missing: string[] }> {
  const rows = await db.select({ key: schema.images.storageKey }).from(schema.images);
  const missing: string[] = [];
  let count = 0;
  for (const { key } of rows) {
    const bytes = SAFE_KEY.test(key) ? await store.get(key) : null;
    if (!bytes) {
      missing.push(key);
      continue;
    }
    const file = join(folder, key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
    count += 1;
  }
  return { count, missing };
}

/**
 * Puts every image of the restored `images` table whose bytes the archive holds (in
 * `folder`) into `store`, with its content type; returns how many.
 */
export async function copyImagesIn(
  db: Database,
  store: ImageStore,
  folder: string,
): Promise<number> {
  const rows = await db
    .select({ key: schema.images.storageKey, contentType: schema.images.contentType })
    .from(schema.images);
  let count = 0;
  for (const { key, contentType } of rows) {
    if (!SAFE_KEY.test(key)) continue;
    let bytes: Buffer;
    try {
      bytes = await readFile(join(folder, key));
    } catch {
      continue;
    }
    await store.put(key, bytes, contentType);
    count += 1;
  }
  return count;
}
