import { schema, type Database } from '@kith/db';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const { contacts } = schema;

/** Rows read per query by `activeContactRows`. */
const PAGE_ROWS = 2_000;

/** Columns of the contacts table to read, by the name each row gets; `id` is always one. */
type Fields = { id: typeof contacts.id } & Record<string, PgColumn>;

/** A row of `fields`: each name with its column's value. */
type RowOf<F extends Fields> = {
  [K in keyof F]: F[K]['_']['notNull'] extends true ? F[K]['_']['data'] : F[K]['_']['data'] | null;
};

/**
 * The `fields` of every contact of the person not in the trash, in id order, read 2,000 rows
 * at a time (keyset on the id): a whole 100,000-contact book mapped in one result held the
 * event loop, and between pages other requests are answered. For work that needs the whole
 * book at once: duplicate detection, and matching an import against the book.
 */
export async function activeContactRows<F extends Fields>(
  db: Database,
  userId: string,
  fields: F,
): Promise<RowOf<F>[]> {
  const rows: RowOf<F>[] = [];
  for (;;) {
    const after = rows.at(-1)?.id;
    const page = (await db
      .select(fields as Fields)
      .from(contacts)
      .where(
        and(
          eq(contacts.userId, userId),
          isNull(contacts.trashedAt),
          after ? gt(contacts.id, after) : undefined,
        ),
      )
      .orderBy(asc(contacts.id))
      .limit(PAGE_ROWS)) as RowOf<F>[];
    rows.push(...page);
    if (page.length < PAGE_ROWS) return rows;
  }
}
