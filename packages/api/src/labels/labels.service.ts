import { isUniqueViolation, schema, type Database } from '@kith/db';
import type { BulkContacts } from '@kith/validators';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../shared/errors';
import { chosenContacts, CONTACT_NOT_FOUND, LABEL_NOT_FOUND, ownedLabel } from '../contacts';
import { bookTransaction } from '../shared/write-transaction';
import { deleteOwnLabel } from './writes';

const { labels, contactLabels, contacts } = schema;

export const labelMessages = {
  notFound: LABEL_NOT_FOUND,
  taken: 'A label with this name already exists.',
} as const;

/** A label as the sidebar shows it: its name and how many active contacts carry it. */
export interface LabelSummary {
  id: string;
  name: string;
  count: number;
}

/** The person's labels, A to Z, each with its count of contacts not in the trash. */
export async function listLabels(db: Database, userId: string): Promise<LabelSummary[]> {
  return db
    .select({
      id: labels.id,
      name: labels.name,
      count: sql<number>`count(${contacts.id})::int`,
    })
    .from(labels)
    .leftJoin(contactLabels, eq(contactLabels.labelId, labels.id))
    .leftJoin(contacts, and(eq(contacts.id, contactLabels.contactId), isNull(contacts.trashedAt)))
    .where(eq(labels.userId, userId))
    .groupBy(labels.id)
    .orderBy(asc(sql`lower(${labels.name})`));
}

/**
 * Creates a label.
 *
 * @throws ConflictError (409) when the person has a label of that name, whatever its case.
 */
export async function createLabel(db: Database, userId: string, name: string) {
  const [label] = await bookTransaction(db, userId, (tx) =>
    tx
      .insert(labels)
      .values({ userId, name })
      .onConflictDoNothing()
      .returning({ id: labels.id, name: labels.name }),
  );
  if (!label) throw new ConflictError(labelMessages.taken);
  return { ...label, count: 0 };
}

/**
 * Renames a label.
 *
 * @throws NotFoundError when it is not the person's; ConflictError when the name is taken.
 */
export async function renameLabel(db: Database, userId: string, id: string, name: string) {
  try {
    const [label] = await bookTransaction(db, userId, (tx) =>
      tx
        .update(labels)
        .set({ name })
        .where(and(eq(labels.id, id), eq(labels.userId, userId)))
        .returning({ id: labels.id, name: labels.name }),
    );
    if (!label) throw new NotFoundError(labelMessages.notFound);
    return label;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(labelMessages.taken);
    throw error;
  }
}

/**
 * Deletes a label; its contacts stay, without it.
 *
 * @throws NotFoundError when it is not the person's.
 */
export async function deleteLabel(db: Database, userId: string, id: string) {
  const removed = await bookTransaction(db, userId, (tx) => deleteOwnLabel(tx, userId, id));
  if (!removed) throw new NotFoundError(labelMessages.notFound);
  return { id };
}

/**
 * Gives the label to the chosen contacts (`{contactIds}`, the person's own among them, or a
 * whole list but some, `{all}`), in one statement; a contact that has it already is left as
 * it is.
 *
 * @returns how many contacts newly carry it, and their ids (`contactIds`): what an Undo takes
 * back, leaving the contacts that had it before.
 * @throws NotFoundError when the label is not the person's.
 */
export async function assignLabel(
  db: Database,
  userId: string,
  labelId: string,
  chosen: BulkContacts,
): Promise<{ changed: number; contactIds: string[] }> {
  await ownedLabel(db, userId, labelId);
  const added = await bookTransaction(db, userId, (tx) =>
    tx
      .insert(contactLabels)
      .select(
        // INSERT ... SELECT names every column of the table, in its order.
        tx
          .select({
            contactId: contacts.id,
            labelId: sql<string>`${labelId}::uuid`.as('label_id'),
            createdAt: sql<Date>`now()`.as('created_at'),
          })
          .from(contacts)
          .where(chosenContacts(userId, chosen)),
      )
      .onConflictDoNothing()
      .returning({ contactId: contactLabels.contactId }),
  );
  return { changed: added.length, contactIds: added.map((row) => row.contactId) };
}

/**
 * Takes the label from the chosen contacts (`{contactIds}` or `{all}`), in one statement.
 *
 * @returns how many contacts no longer carry it, and their ids (`contactIds`), for an Undo.
 * @throws NotFoundError when the label is not the person's.
 */
export async function unassignLabel(
  db: Database,
  userId: string,
  labelId: string,
  chosen: BulkContacts,
): Promise<{ changed: number; contactIds: string[] }> {
  await ownedLabel(db, userId, labelId);
  const removed = await bookTransaction(db, userId, (tx) =>
    tx
      .delete(contactLabels)
      .where(
        and(
          eq(contactLabels.labelId, labelId),
          inArray(
            contactLabels.contactId,
            tx.select({ id: contacts.id }).from(contacts).where(chosenContacts(userId, chosen)),
          ),
        ),
      )
      .returning({ contactId: contactLabels.contactId }),
  );
  return { changed: removed.length, contactIds: removed.map((row) => row.contactId) };
}

/**
 * The labels of one of the person's contacts, A to Z.
 *
 * @throws NotFoundError when the contact is not the person's.
 */
export async function labelsOfContact(db: Database, userId: string, contactId: string) {
  const [contact] = await ownedContactIds(db, userId, [contactId]);
  if (!contact) throw new NotFoundError(CONTACT_NOT_FOUND);
  return db
    .select({ id: labels.id, name: labels.name })
    .from(contactLabels)
    .innerJoin(labels, eq(labels.id, contactLabels.labelId))
    .where(eq(contactLabels.contactId, contactId))
    .orderBy(asc(sql`lower(${labels.name})`));
}

async function ownedContactIds(db: Database, userId: string, ids: string[]) {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)));
  return rows.map((row) => row.id);
}
