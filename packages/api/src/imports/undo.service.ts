import { schema } from '@kith/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { deleteContactRows, updateContactRows } from '../contacts';
import { notInHistory, removeBytes } from '../images';
import type { ContactBackup } from './batch.service';
import { bookTransaction } from '../shared/write-transaction';
import { deleteImportLabels, setContactLabels } from '../labels';

const { contacts, images, contactImportBackups } = schema;

/** What undoing an import did. */
export interface ImportUndoResult {
  /** Contacts the import had created, now deleted. */
  removed: number;
  /** Contacts the import had updated, now as they were. */
  restored: number;
}

/**
 * Takes back everything an import wrote, in one transaction: deletes the contacts it created
 * (and their photos), puts each contact it updated back as it was (columns and labels), and
 * deletes the labels it created. The web app calls it when a batch fails, so a failed import
 * leaves the book as it was, and from "Undo import" after a finished one (backups are kept
 * for a day). Another person's import id finds nothing.
 */
export async function undoImport(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
  importId: string,
): Promise<ImportUndoResult> {
  const importBook = { userId, source: { via: 'import', importId } } as const;
  const { result, imageKeys } = await bookTransaction(deps.db, importBook, async (db) => {
    const removed = await deleteContactRows(db, userId, eq(contacts.importId, importId));
    const backups = await db
      .select()
      .from(contactImportBackups)
      .where(
        and(eq(contactImportBackups.userId, userId), eq(contactImportBackups.importId, importId)),
      );
    const orphanImages = removed.map((r) => r.photoImageId).filter((id) => id !== null);
    for (const backup of backups) {
      const previous = backup.previous as unknown as ContactBackup;
      const [current] = await db
        .select({ photoImageId: contacts.photoImageId })
        .from(contacts)
        .where(eq(contacts.id, backup.contactId));
      if (current?.photoImageId && current.photoImageId !== previous.photoImageId) {
        orphanImages.push(current.photoImageId);
      }
      const { labelIds, updatedAt, ...columns } = previous;
      await updateContactRows(db, userId, eq(contacts.id, backup.contactId), {
        ...columns,
        updatedAt: new Date(updatedAt),
      });
      await setContactLabels(db, userId, backup.contactId, labelIds);
    }
    await db
      .delete(contactImportBackups)
      .where(
        and(eq(contactImportBackups.userId, userId), eq(contactImportBackups.importId, importId)),
      );
    await deleteImportLabels(db, userId, importId);
    const deletedImages = orphanImages.length
      ? await db
          .delete(images)
          .where(and(eq(images.ownerId, userId), inArray(images.id, orphanImages), notInHistory))
          .returning({ key: images.storageKey })
      : [];
    return {
      result: { removed: removed.length, restored: backups.length },
      imageKeys: deletedImages.map((r) => r.key),
    };
  });
  await removeBytes(deps.images, imageKeys);
  return result;
}
