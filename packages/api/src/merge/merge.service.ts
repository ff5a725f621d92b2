import { schema, type Database, type MergedCopy } from '@kith/db';
import type { ContactMergeInput, MergeField } from '@kith/validators';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { NotFoundError, ValidationError } from '../shared/errors';
import {
  cardOf,
  mergeExtras,
  selectContactsWithPhoto,
  toDto,
  unionCards,
  unionValues,
  updateContactRows,
  type Contact,
} from '../contacts';
import { copyMembership } from '../labels';
import { bookTransaction } from '../shared/write-transaction';
import { MERGE, MERGE_NOT_FOUND, MERGE_UNDO_MS } from './messages';
import { deleteMergeUndosBefore, insertMergeUndo } from './writes';

const { contacts, contactLabels, mergeUndos } = schema;

type ContactRow = typeof contacts.$inferSelect;

/** The columns each merge field other than a list's carries. */
const FIELD_COLUMNS: Record<Exclude<MergeField, keyof typeof FIELD_LISTS>, (keyof ContactRow)[]> = {
  name: ['givenName', 'familyName', 'additionalNames', 'honorificPrefixes', 'honorificSuffixes'],
  org: ['org', 'title', 'orgUnits'],
  birthday: ['birthdayDay', 'birthdayMonth', 'birthdayYear'],
  photo: ['photoImageId'],
};

/** The list whose preferred value a merge field picks; every value of every copy is kept. */
const FIELD_LISTS = { email: 'emails', phone: 'phones', address: 'addresses' } as const;

/** A merged contact, and the token that undoes the merge (`undoMerge`) for `MERGE_UNDO_MS`. */
export type MergeResult = Contact & { undoToken: string };

/**
 * Merges duplicates into one contact, in one transaction: the kept contact takes each picked
 * field from the contact chosen for it, every label of the copies, and the star if any copy
 * had it; every email, phone, address, date, link and note of every copy joins the kept
 * contact's (`unionCards`), the picked contact's email, phone and address first, and the
 * copies' extra fields are kept, so nothing is lost. The copies go to the Trash. A photo taken
 * from a copy moves to the kept contact, and the kept contact's own photo it replaces goes to
 * the Trash on that copy (deleted with it, or back on the kept contact by the undo).
 *
 * What the merge changed is kept for `MERGE_UNDO_MS` (`merge_undos`), and the answer carries
 * its `undoToken`. The same merge asked again (a double click, a retry after a lost answer)
 * while nothing changed since answers the first one's contact and token and writes nothing
 * (docs/product/screens.md#merge--fix-screen).
 *
 * @throws NotFoundError when a contact is not the person's or is in the trash (and the
 *   request is no repeat of a merge just made); ValidationError when `take` names a contact
 *   outside the merge.
 */
export async function mergeContacts(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'now'>,
  userId: string,
  input: ContactMergeInput,
): Promise<MergeResult> {
  const ids = [input.keepId, ...input.mergeIds.filter((id) => id !== input.keepId)];
  if (ids.length < 2) throw new ValidationError('Choose at least two contacts to merge.');
  const undoToken = await bookTransaction(deps.db, { userId, source: MERGE }, async (tx) => {
    const rows = await tx
      .select()
      .from(contacts)
      .where(
        and(eq(contacts.userId, userId), isNull(contacts.trashedAt), inArray(contacts.id, ids)),
      )
      .for('update');
    if (rows.length !== ids.length) {
      const repeat = await sameMergeJustMade(tx, deps.now(), userId, ids);
      if (repeat) return repeat;
      throw new NotFoundError(MERGE_NOT_FOUND);
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    const keep = byId.get(input.keepId)!;

    // Nothing of the copies is lost: every email, phone, address, date and link of each copy
    // joins the kept contact's lists, with its type; the picked contact's values come first,
    // so its email, phone and address become the preferred ones.
    let card = cardOf(keep);
    for (const row of rows) if (row.id !== keep.id) card = unionCards(card, cardOf(row));
    const picked = (field: keyof typeof FIELD_LISTS) =>
      input.take[field] ? byId.get(input.take[field]) : undefined;
    const email = picked('email');
    const phone = picked('phone');
    const address = picked('address');
    if (email) card.emails = unionValues('emails', email.emails, card.emails);
    if (phone) card.phones = unionValues('phones', phone.phones, card.phones);
    if (address) card.addresses = unionValues('addresses', address.addresses, card.addresses);
    // The whole card first; the picked name and work below replace its text parts.
    const changes: Partial<typeof contacts.$inferInsert> = { ...card };
    let photoFrom: string | null = null;
    for (const [field, sourceId] of Object.entries(input.take) as [MergeField, string][]) {
      const source = byId.get(sourceId);
      if (!source) {
        throw new ValidationError('Pick values from the contacts being merged.', {
          [`take.${field}`]: ['Pick values from the contacts being merged.'],
        });
      }
      if (sourceId === keep.id || field in FIELD_LISTS) continue;
      for (const column of FIELD_COLUMNS[field as keyof typeof FIELD_COLUMNS]) {
        (changes as Record<string, unknown>)[column] = source[column];
      }
      if (field === 'photo') photoFrom = sourceId;
    }
    if (rows.some((row) => row.isFavorite)) changes.isFavorite = true;
    const extra = mergeExtras(
      keep.extra,
      rows.flatMap((row) => (row.id === keep.id ? [] : row.extra)),
    );
    if (extra.length !== keep.extra.length) changes.extra = extra;
    // What the undo puts back: each column as it was, and the time of the last edit.
    const previous: Record<string, unknown> = { updatedAt: keep.updatedAt.toISOString() };
    for (const column of Object.keys(changes) as (keyof ContactRow)[]) {
      previous[column] = keep[column];
    }
    const addedLabelIds = await labelsGained(tx, keep.id, ids.slice(1));

    await updateContactRows(tx, userId, eq(contacts.id, keep.id), changes);
    const copies = ids.slice(1);
    if (photoFrom) {
      // The photo now belongs to the kept contact alone, so deleting the copy never takes it;
      // the photo it replaces waits in the Trash on that copy, for the undo.
      await updateContactRows(tx, userId, eq(contacts.id, photoFrom), {
        photoImageId: keep.photoImageId,
      });
    }
    await copyMembership(tx, copies, keep.id);
    await updateContactRows(tx, userId, inArray(contacts.id, copies), { trashedAt: deps.now() });

    // Revisions once every write is in (the database moves them, labels included).
    const after = await revisions(tx, userId, ids);
    await deleteMergeUndosBefore(tx, new Date(deps.now().getTime() - MERGE_UNDO_MS), userId);
    return insertMergeUndo(tx, {
      userId,
      createdAt: deps.now(),
      keptId: keep.id,
      keptRevision: after.get(keep.id)!,
      previous,
      addedLabelIds,
      copies: copies.map((id): MergedCopy => ({
        id,
        revision: after.get(id)!,
        photoImageId: byId.get(id)!.photoImageId,
      })),
    });
  });
  const [row] = await selectContactsWithPhoto(deps.db).where(eq(contacts.id, input.keepId));
  return { ...toDto(deps.images, row!), undoToken };
}

/** Each of the person's contacts' revision. */
async function revisions(
  db: Database,
  userId: string,
  ids: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: contacts.id, revision: contacts.revision })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)));
  return new Map(rows.map((row) => [row.id, row.revision]));
}

/** The labels the copies carry that the kept contact does not: what a merge gives it. */
async function labelsGained(db: Database, keptId: string, copyIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ contactId: contactLabels.contactId, labelId: contactLabels.labelId })
    .from(contactLabels)
    .where(inArray(contactLabels.contactId, [keptId, ...copyIds]));
  const own = new Set(rows.filter((r) => r.contactId === keptId).map((r) => r.labelId));
  return [...new Set(rows.filter((r) => !own.has(r.labelId)).map((r) => r.labelId))];
}

/**
 * The undo token of the merge of exactly `ids` (the kept contact first) made in the last
 * `MERGE_UNDO_MS` and untouched since (same revisions), or null. A second call of one merge
 * finds the first one's copies in the Trash; this tells it apart from a contact really gone.
 */
async function sameMergeJustMade(
  db: Database,
  now: Date,
  userId: string,
  ids: string[],
): Promise<string | null> {
  const [keptId, ...copyIds] = ids;
  const candidates = await db
    .select()
    .from(mergeUndos)
    .where(
      and(
        eq(mergeUndos.userId, userId),
        eq(mergeUndos.keptId, keptId!),
        gte(
          mergeUndos.createdAt,
          sql`${new Date(now.getTime() - MERGE_UNDO_MS).toISOString()}::timestamptz`,
        ),
      ),
    );
  const wanted = [...copyIds].sort().join();
  const undo = candidates.find(
    (row) =>
      row.copies
        .map((copy) => copy.id)
        .sort()
        .join() === wanted,
  );
  if (!undo) return null;
  const current = await revisions(db, userId, ids);
  const unchanged =
    current.get(undo.keptId) === undo.keptRevision &&
    undo.copies.every((copy) => current.get(copy.id) === copy.revision);
  return unchanged ? undo.id : null;
}
