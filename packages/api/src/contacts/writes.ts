import { executeRows, schema, type Database } from '@kith/db';
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';

/**
 * Every write of `contacts` rows: create and edit, an import and its undo, a CardDAV upload
 * or deletion, a merge, the star, the Trash, keep in touch and retention all go through these,
 * so contacts/ stays the table's one writer and each write is scoped to its account. Each runs
 * in the caller's transaction, which holds the account's book lock (`bookTransaction`,
 * `lockBook`). The database adds what every write needs (revision, tombstone, byte count:
 * docs/decisions/0004-sync-tokens-from-database-triggers.md).
 */

const { contacts } = schema;

type NewContact = typeof contacts.$inferInsert;

/** The columns a change sets. */
export type ContactChanges = Partial<NewContact>;

/** A row a write touched: its id and the photo it points at (after the write). */
export interface WrittenContact {
  id: string;
  photoImageId: string | null;
}

const written = { id: contacts.id, photoImageId: contacts.photoImageId };

/** The columns a contact row is written with: all but the generated ones and the revision. */
const storedColumns = Object.entries(getTableColumns(contacts)).filter(
  ([key, column]) => !column.generated && key !== 'revision',
);

/** `owner`'s rows, or the rows of any of `owner`'s accounts. */
const ownedBy = (owner: string | string[]) =>
  typeof owner === 'string' ? eq(contacts.userId, owner) : inArray(contacts.userId, owner);

/** Half a surrogate pair standing alone, which JSON escapes and PostgreSQL's jsonb refuses. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A JSON.stringify replacer making each string well formed: a lone surrogate becomes U+FFFD,
 * as the driver's UTF-8 encoding of a text parameter makes it.
 */
const wellFormed = (_key: string, value: unknown) =>
  typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value;

/**
 * Inserts contacts (each row names its account); answers them in the order given. The rows
 * travel as one JSON parameter that PostgreSQL reads into the table's own types
 * (`jsonb_populate_recordset`), one statement per set of columns the rows give (usually one),
 * instead of a parameter per value: building a 50-row INSERT with Drizzle's parameters took
 * 13-17 ms of the server's thread, its JSON 0.4 ms (docs/performance.md, "Import"). A column
 * a row leaves out takes its default, as in an INSERT naming it DEFAULT.
 */
export async function insertContactRows(
  db: Database,
  rows: NewContact[],
): Promise<WrittenContact[]> {
  if (rows.length === 0) return [];
  // An id given here, so each answer is matched to its row whatever statement wrote it.
  const withIds = rows.map((row) => (row.id ? row : { ...row, id: crypto.randomUUID() }));
  const groups = new Map<string, { given: typeof storedColumns; rows: NewContact[] }>();
  for (const row of withIds) {
    const given = storedColumns.filter(([key]) => row[key as keyof NewContact] !== undefined);
    const key = given.map(([name]) => name).join(',');
    const group = groups.get(key) ?? { given, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const answers = new Map<string, WrittenContact>();
  for (const { given, rows: group } of groups.values()) {
    const records = group.map((row) =>
      Object.fromEntries(
        given.map(([key, column]) => {
          const value = row[key as keyof NewContact];
          // jsonb values stay JSON; the rest as the driver would send them (a Date as ISO text).
          const json =
            value === null || column.columnType === 'PgJsonb'
              ? value
              : column.mapToDriverValue(value);
          return [column.name, json];
        }),
      ),
    );
    const list = sql.join(
      given.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    );
    const inserted = await executeRows<{ id: string; photo_image_id: string | null }>(
      db,
      sql`insert into ${contacts} (${list})
        select ${list} from jsonb_populate_recordset(null::${contacts}, ${JSON.stringify(records, wellFormed)}::jsonb)
        returning id, photo_image_id`,
    );
    for (const row of inserted) {
      answers.set(row.id, { id: row.id, photoImageId: row.photo_image_id });
    }
  }
  return withIds.map((row) => answers.get(row.id!)!);
}

/**
 * Inserts one contact unless its account already has a contact made with the row's
 * `idempotencyKey` (IETF draft-ietf-httpapi-idempotency-key-header): its id, or null when
 * the key was used. A second insert with the same key waits for the first to commit.
 */
export async function insertContactOnce(db: Database, row: NewContact): Promise<string | null> {
  const [inserted] = await db
    .insert(contacts)
    .values(row)
    .onConflictDoNothing({
      target: [contacts.userId, contacts.idempotencyKey],
      where: sql`${contacts.idempotencyKey} is not null`,
    })
    .returning({ id: contacts.id });
  return inserted?.id ?? null;
}

/** Sets `changes` on `owner`'s contacts matching `where`; answers the rows changed. */
export async function updateContactRows(
  db: Database,
  owner: string | string[],
  where: SQL | undefined,
  changes: ContactChanges,
): Promise<WrittenContact[]> {
  return db
    .update(contacts)
    .set(changes)
    .where(and(ownedBy(owner), where))
    .returning(written);
}

/** Deletes `owner`'s contacts matching `where` for good; answers the rows deleted. */
export async function deleteContactRows(
  db: Database,
  owner: string | string[],
  where: SQL | undefined,
): Promise<WrittenContact[]> {
  return db
    .delete(contacts)
    .where(and(ownedBy(owner), where))
    .returning(written);
}

/**
 * A contact row of `userId` from a history snapshot (its column names and JSON values,
 * `contact_versions.card`): timestamps become dates, as the driver would give them. Columns
 * the snapshot lacks (added after it was taken) take their defaults.
 */
export function rowOfSnapshot(userId: string, snapshot: Record<string, unknown>): NewContact {
  const row: Record<string, unknown> = {};
  for (const [key, column] of storedColumns) {
    const value = snapshot[column.name];
    if (value === undefined) continue;
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return { ...(row as NewContact), userId };
}

/**
 * Puts back contacts deleted for good since (a restore from the history, docs/history.md):
 * inserted again with their ids, as `rows` (`rowOfSnapshot`) hold them.
 */
export async function putBackContactRows(db: Database, rows: NewContact[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(contacts).values(rows);
}

/** A contact as a version of the history holds it: its id and `contact_versions.card`. */
export interface ContactSnapshotRow {
  id: string;
  card: Record<string, unknown>;
}

/**
 * Overwrites `userId`'s existing contacts with the values of history snapshots (a restore,
 * docs/history.md), in one UPDATE: PostgreSQL reads each snapshot into the row's own types
 * (`jsonb_populate_record`, the inverse of the `to_jsonb` that took it), and a column the
 * snapshot lacks (added since) keeps its value. An UPDATE, not an upsert: an upsert also runs
 * the row's INSERT trigger, which counts the contact's bytes (`users.contact_bytes`, the
 * quota CardDAV clients are told) a second time.
 */
export async function overwriteContactRows(
  db: Database,
  userId: string,
  snapshots: ContactSnapshotRow[],
): Promise<void> {
  if (snapshots.length === 0) return;
  const names = storedColumns
    .filter(([key]) => key !== 'id' && key !== 'userId')
    .map(([, column]) => sql.identifier(column.name));
  const list = sql.join(names, sql`, `);
  await db.execute(sql`update ${contacts} c set (${list}) = (
      select ${list} from jsonb_populate_record(c, s.card))
    from jsonb_to_recordset(${JSON.stringify(snapshots)}::jsonb) as s(id uuid, card jsonb)
    where c.id = s.id and c.user_id = ${userId}`);
}
