import { executeRows, schema, type Database } from '@kith/db';
import { and, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { ImageStorage } from '../storage/image-storage';
import { deleteContactRows } from '../contacts';
import { notInHistory, removeBytes } from '../images';
import { forgetVersionsBefore, HISTORY_MS } from '../history';
import { purgeDeletedAccounts } from '../account';
import { purgeTombstones } from '../dav';
import { deleteMergeUndosBefore, MERGE_UNDO_MS } from '../merge';
import { lockBook, retryConflicts } from '../shared/write-transaction';
import { withChangeSource } from '../shared/change-source';
import { removeStaleStagedFiles } from '../imports';

const { contacts, images, contactImportBackups, reminderDeliveries, users } = schema;

/**
 * Contacts in the trash for more than 30 days are deleted forever (docs/product/limits.md#limits).
 */
export const TRASH_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Uploads never attached to a contact are removed after 24 hours. */
export const UNATTACHED_IMAGE_TTL_MS = 24 * 60 * 60_000;

/** How long a finished import can be undone: its backups of updated contacts are kept a day. */
export const IMPORT_UNDO_TTL_MS = 24 * 60 * 60_000;

/**
 * How long a reminder's delivery record is kept, in ms: past its date and lead times (at most
 * 14 days ahead) it can never be claimed again, so 60 days is ample.
 */
export const REMINDER_DELIVERY_TTL_MS = 60 * 24 * 60 * 60_000;

/** One advisory lock key for the job, so one instance of several runs it at a time. */
const RETENTION_LOCK_KEY = 727_100_002;

export interface RetentionResult {
  /** False when another instance held the lock and this run did nothing. */
  ran: boolean;
  contactsDeleted: number;
  imagesDeleted: number;
  /** Deleted accounts erased with every row and image (privacy page: within 30 days). */
  accountsPurged: number;
}

/**
 * Deletes contacts trashed more than 30 days before `now` with their images, uploads left
 * unattached for more than 24 hours, import backups older than a day (with the photos the import
 * replaced), CardDAV tombstones past their 60 days, reminder deliveries past 60 days, merge
 * undos past their 10 minutes (docs/product/screens.md#merge--fix-screen), import files staged
 * a day ago and never imported (with the records of imports past their day of undo), the history's
 * versions past their 30 days with the photos only they showed (docs/history.md#retention),
 * and every
 * account deleted before `now` (each run, so well within the privacy page's 30 days). Safe on
 * several instances at once: the work runs under a transaction-scoped advisory lock, and an
 * instance that cannot take it skips the run. The accounts' book locks are taken before their
 * contacts are deleted (the one lock order of every writer), and a run PostgreSQL aborts as a
 * deadlock victim is run again.
 *
 * @throws UnavailableError when every run lost to a concurrent write (the next hour retries).
 */
export async function runRetention(
  deps: { db: Database; images: ImageStorage },
  now: Date,
): Promise<RetentionResult> {
  // The history names what retention deletes as its own (docs/history.md#sources).
  return withChangeSource({ via: 'retention' }, () => retain(deps, now));
}

async function retain(
  deps: { db: Database; images: ImageStorage },
  now: Date,
): Promise<RetentionResult> {
  const outcome = await retryConflicts(() =>
    deps.db.transaction(async (tx) => {
      const [lock] = await executeRows<{ locked: boolean }>(
        tx as Database,
        sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`,
      );
      if (!lock?.locked) return null;

      const trashCutoff = new Date(now.getTime() - TRASH_RETENTION_MS);
      const isExpired = and(isNotNull(contacts.trashedAt), lt(contacts.trashedAt, trashCutoff));
      // Deleting a contact is a write of its account's book: the book locks first, as every
      // writer takes them, so a person's edit at the same moment waits instead of deadlocking.
      const owners = await tx
        .selectDistinct({ userId: contacts.userId })
        .from(contacts)
        .where(isExpired)
        .orderBy(contacts.userId);
      for (const { userId } of owners) await lockBook(tx as Database, userId);
      const expired = owners.length
        ? await deleteContactRows(
            tx as Database,
            owners.map((o) => o.userId),
            isExpired,
          )
        : [];
      const orphanIds = expired
        .map((r) => r.photoImageId)
        .filter((id): id is string => id !== null);

      const uploadCutoff = new Date(now.getTime() - UNATTACHED_IMAGE_TTL_MS);
      const staleUploads = await tx
        .delete(images)
        .where(and(isNull(images.attachedAt), lt(images.createdAt, uploadCutoff)))
        .returning({ key: images.storageKey });
      const avatars = orphanIds.length
        ? await tx
            .delete(images)
            .where(and(inArray(images.id, orphanIds), notInHistory))
            .returning({ key: images.storageKey })
        : [];
      // The history's versions past their 30 days, and the photos only they still showed.
      const released = await forgetVersionsBefore(
        tx as Database,
        new Date(now.getTime() - HISTORY_MS),
      );
      const historyPhotos = released.length
        ? await tx
            .delete(images)
            .where(
              and(
                inArray(images.id, released),
                notInHistory,
                sql`not exists (select 1 from ${contacts} where ${contacts.photoImageId} = ${images.id})`,
                sql`not exists (select 1 from ${users} where ${users.avatarImageId} = ${images.id})`,
              ),
            )
            .returning({ key: images.storageKey })
        : [];

      // Import backups past their day; a photo an import replaced goes with its backup,
      // unless a contact shows it again.
      const backups = await tx
        .delete(contactImportBackups)
        .where(lt(contactImportBackups.createdAt, new Date(now.getTime() - IMPORT_UNDO_TTL_MS)))
        .returning({ previous: contactImportBackups.previous });
      const replaced = backups
        .map((b) => b.previous.photoImageId)
        .filter((id): id is string => typeof id === 'string');
      const replacedPhotos = replaced.length
        ? await tx
            .delete(images)
            .where(
              and(
                inArray(images.id, replaced),
                sql`not exists (select 1 from ${contacts} where ${contacts.photoImageId} = ${images.id})`,
                notInHistory,
              ),
            )
            .returning({ key: images.storageKey })
        : [];
      const keys = [...staleUploads, ...avatars, ...replacedPhotos, ...historyPhotos].map(
        (r) => r.key,
      );
      await tx
        .delete(reminderDeliveries)
        .where(lt(reminderDeliveries.sentAt, new Date(now.getTime() - REMINDER_DELIVERY_TTL_MS)));
      // CardDAV's record of deletions, past the time a phone could still need it.
      await purgeTombstones(tx as Database, now);
      // A merge's Undo holds a copy of the card as it was: kept no longer than it can be used.
      await deleteMergeUndosBefore(tx as Database, new Date(now.getTime() - MERGE_UNDO_MS));
      // Import files staged and never started, and the records of imports past their day.
      await removeStaleStagedFiles(tx as Database, now);
      return { contacts: expired.length, keys };
    }),
  );

  if (!outcome) return { ran: false, contactsDeleted: 0, imagesDeleted: 0, accountsPurged: 0 };
  await removeBytes(deps.images, outcome.keys);
  const accountsPurged = await purgeDeletedAccounts(deps, { deletedBefore: now });
  return {
    ran: true,
    contactsDeleted: outcome.contacts,
    imagesDeleted: outcome.keys.length,
    accountsPurged,
  };
}
