import { schema } from '@kith/db';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { ConflictError } from '../shared/errors';
import { selectContactsWithPhoto, toDto, updateContactRows, type Contact } from '../contacts';
import { setContactLabels } from '../labels';
import { bookTransaction } from '../shared/write-transaction';
import { MERGE, MERGE_UNDO_CHANGED, MERGE_UNDO_EXPIRED, MERGE_UNDO_MS } from './messages';
import { deleteMergeUndo } from './writes';

const { contacts, contactLabels, mergeUndos } = schema;

/** What undoing a merge gave back. */
export interface MergeUndone {
  /** The kept contact, as it was before the merge. */
  contact: Contact;
  /** The copies, out of the Trash again. */
  recoveredIds: string[];
}

/**
 * Undoes a merge (the "Undo" of its toast, docs/product/screens.md#merge--fix-screen), in one
 * transaction: the kept contact gets back the columns, photo and labels it had before the
 * merge, and the copies come out of the Trash with their own photos. The undo can be used once,
 * for `MERGE_UNDO_MS` after the merge.
 *
 * @throws ConflictError (409) `MERGE_UNDO_EXPIRED` for a token unknown, another person's, used
 *   or too old; `MERGE_UNDO_CHANGED` when the kept contact or a copy was edited, recovered,
 *   or deleted since the merge (their revisions moved): undoing would lose that change.
 */
export async function undoMerge(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'now'>,
  userId: string,
  undoToken: string,
): Promise<MergeUndone> {
  const undo = await bookTransaction(deps.db, { userId, source: MERGE }, async (tx) => {
    const since = new Date(deps.now().getTime() - MERGE_UNDO_MS).toISOString();
    const [undo] = await tx
      .select()
      .from(mergeUndos)
      .where(
        and(
          eq(mergeUndos.userId, userId),
          eq(mergeUndos.id, undoToken),
          gte(mergeUndos.createdAt, sql`${since}::timestamptz`),
        ),
      );
    if (!undo) throw new ConflictError(MERGE_UNDO_EXPIRED);
    const copyIds = undo.copies.map((copy) => copy.id);
    const rows = await tx
      .select({ id: contacts.id, revision: contacts.revision, trashedAt: contacts.trashedAt })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), inArray(contacts.id, [undo.keptId, ...copyIds])))
      .for('update');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const kept = byId.get(undo.keptId);
    const unchanged =
      kept?.revision === undo.keptRevision &&
      kept.trashedAt === null &&
      undo.copies.every((copy) => {
        const row = byId.get(copy.id);
        return row?.revision === copy.revision && row.trashedAt !== null;
      });
    if (!unchanged) throw new ConflictError(MERGE_UNDO_CHANGED);

    const { updatedAt, ...columns } = undo.previous as { updatedAt: string };
    const labels = await tx
      .select({ labelId: contactLabels.labelId })
      .from(contactLabels)
      .where(eq(contactLabels.contactId, undo.keptId));
    const added = new Set(undo.addedLabelIds);
    await setContactLabels(
      tx,
      userId,
      undo.keptId,
      labels.map((l) => l.labelId).filter((id) => !added.has(id)),
    );
    await updateContactRows(tx, userId, eq(contacts.id, undo.keptId), {
      ...columns,
      updatedAt: new Date(updatedAt),
    });
    for (const copy of undo.copies) {
      await updateContactRows(tx, userId, eq(contacts.id, copy.id), {
        trashedAt: null,
        photoImageId: copy.photoImageId,
      });
    }
    await deleteMergeUndo(tx, userId, undo.id);
    return undo;
  });
  const [row] = await selectContactsWithPhoto(deps.db).where(eq(contacts.id, undo.keptId));
  return { contact: toDto(deps.images, row!), recoveredIds: undo.copies.map((copy) => copy.id) };
}
