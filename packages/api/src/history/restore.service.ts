import { executeRows, schema, type ContactSnapshot, type Database } from '@kith/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  deleteContactRows,
  overwriteContactRows,
  putBackContactRows,
  rowOfSnapshot,
  CONTACT_NOT_FOUND,
} from '../contacts';
import { putBackLabels, setLabelsOfContacts } from '../labels';
import { NotFoundError, ValidationError } from '../shared/errors';
import { bookTransaction } from '../shared/write-transaction';
import type { ChangeSource } from '../shared/change-source';
import type { ApiDependencies } from '../trpc/context';
import { HISTORY_MS, MOMENT_IN_FUTURE, MOMENT_TOO_OLD, VERSION_NOT_FOUND } from './messages';
import {
  contactsAt,
  labelStateOf,
  labelsAt,
  previewAt,
  type StateAt,
  type UndoPreview,
} from './states';

const { contacts, contactVersions, images } = schema;

type Deps = Pick<ApiDependencies, 'db' | 'now'>;

/**
 * Contacts written or deleted per statement by a restore: a row of `contacts` takes about 40
 * parameters, and a statement at most 65,535 (PostgreSQL's protocol), so a restore of
 * thousands of contacts is written in parts, all in its one transaction.
 */
const WRITE_CHUNK = 500;

/**
 * Checks a moment to undo changes from: within the 30 days the history keeps
 * (docs/history.md#retention) and not after now.
 *
 * @throws ValidationError (400) with the reason when it is in the future or older.
 */
export function checkMoment(now: Date, at: Date): void {
  if (at.getTime() > now.getTime()) throw new ValidationError(MOMENT_IN_FUTURE);
  if (at.getTime() < now.getTime() - HISTORY_MS) throw new ValidationError(MOMENT_TOO_OLD);
}

/**
 * What undoing every change after `at` would do to the person's book (`undoChangesSince`),
 * counted, without changing anything.
 *
 * @throws ValidationError (400) when `at` is in the future or older than 30 days.
 */
export async function previewUndo(deps: Deps, userId: string, at: Date): Promise<UndoPreview> {
  checkMoment(deps.now(), at);
  return previewAt(deps.db, userId, at);
}

/**
 * "Undo changes": puts the whole book (contacts, their labels, favourites and the Trash, and
 * the labels themselves) back as it was at `at`, in one transaction under the book lock
 * (docs/history.md#undo-changes). Contacts made since are deleted, contacts deleted for good
 * since come back with their ids, so phones see the restored cards on their next sync. The
 * restore is itself recorded in the history (source `restore`), so it can be undone too.
 * `contactIds` narrows it to those contacts (undoing a sync alert): the labels themselves are
 * left as they are, and every contact put back is counted as `changed`.
 *
 * @returns what it did, counted as `previewUndo` counts, and the moment the restore was
 *   written (to undo it, undo the changes from just before that moment).
 * @throws ValidationError (400) when `at` is in the future or older than 30 days.
 */
export async function undoChangesSince(
  deps: Deps,
  userId: string,
  at: Date,
  contactIds?: string[],
): Promise<UndoPreview & { restoredAt: Date }> {
  checkMoment(deps.now(), at);
  const source: ChangeSource = { via: 'restore', to: at.toISOString() };
  return bookTransaction(deps.db, { userId, source }, async (tx) => {
    const counts = contactIds ? null : await previewAt(tx, userId, at);
    if (!contactIds) await putBackLabelsAt(tx, userId, at);
    const states = await contactsAt(tx, userId, at, contactIds);
    await putBackContacts(tx, userId, states);
    // When the restore's versions are recorded (migration 0025's kith_change_time), in ms
    // rounded up: undoing the changes after it keeps the restore, from 1 ms before undoes it.
    const [written] = await executeRows<{ ms: number }>(
      tx,
      sql`select ceil(extract(epoch from kith_change_time()) * 1000)::float8 as ms`,
    );
    return {
      ...(counts ?? { changed: states.length, recreated: 0, removed: 0, labels: 0 }),
      restoredAt: new Date(Number(written!.ms)),
    };
  });
}

/**
 * "Restore this version" of one contact: makes it what `versionId` holds (a version of the
 * contact's History), labels and photo included. The restore is recorded like any change.
 *
 * @throws NotFoundError (404) when the contact is gone or someone else's, or the version is
 *   not one of its kept versions or holds no card (the moment before it was created).
 */
export async function restoreVersion(
  deps: Deps,
  userId: string,
  contactId: string,
  versionId: string,
): Promise<void> {
  await bookTransaction(deps.db, userId, async (tx) => {
    const [version] = await tx
      .select({ card: contactVersions.card, recordedAt: contactVersions.recordedAt })
      .from(contactVersions)
      .where(
        and(
          eq(contactVersions.id, versionId),
          eq(contactVersions.userId, userId),
          eq(contactVersions.contactId, contactId),
        ),
      );
    if (!version?.card) throw new NotFoundError(VERSION_NOT_FOUND);
    const [exists] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)));
    if (!exists) throw new NotFoundError(CONTACT_NOT_FOUND);
    const source: ChangeSource = { via: 'restore', to: version.recordedAt.toISOString() };
    await bookTransaction(tx, { userId, source }, (inner) =>
      putBackContacts(inner, userId, [{ id: contactId, state: version.card }]),
    );
  });
}

/** Labels back as they were at `at`: made since deleted, renamed or deleted since put back. */
async function putBackLabelsAt(tx: Database, userId: string, at: Date): Promise<void> {
  const states = await labelsAt(tx, userId, at);
  const removeIds = states.filter((s) => s.state === null).map((s) => s.id);
  const kept = states.filter((s) => s.state !== null).map(({ state }) => labelStateOf(state!));
  await putBackLabels(tx, userId, kept, removeIds);
}

/**
 * Contacts back as `states` hold them: those without a state (made since) deleted for good,
 * the others written back with their labels (those of them that still exist) and their photo
 * (when its image is still kept: the history keeps the images its versions show).
 */
async function putBackContacts(
  tx: Database,
  userId: string,
  states: StateAt<ContactSnapshot>[],
): Promise<void> {
  const removeIds = states.filter((s) => s.state === null).map((s) => s.id);
  for (let i = 0; i < removeIds.length; i += WRITE_CHUNK) {
    const chunk = removeIds.slice(i, i + WRITE_CHUNK);
    await deleteContactRows(tx, userId, inArray(contacts.id, chunk));
  }
  const kept = states.filter((s): s is { id: string; state: ContactSnapshot } => s.state !== null);
  if (kept.length === 0) return;
  const photoIds = kept
    .map((s) => s.state.photo_image_id)
    .filter((id): id is string => typeof id === 'string');
  const livePhotos = new Set(
    photoIds.length
      ? (
          await tx
            .select({ id: images.id })
            .from(images)
            .where(
              and(
                sql`${images.id} = any(${`{${[...new Set(photoIds)].join(',')}}`}::uuid[])`,
                eq(images.ownerId, userId),
              ),
            )
        ).map((r) => r.id)
      : [],
  );
  // A photo no longer kept (an image the person deleted since) is left off.
  const withPhoto = kept.map(({ id, state }) => {
    const photo = state.photo_image_id;
    const card =
      typeof photo === 'string' && !livePhotos.has(photo)
        ? { ...state, photo_image_id: null }
        : state;
    return { id, card };
  });
  const existing = new Set<string>();
  for (let i = 0; i < kept.length; i += WRITE_CHUNK) {
    const ids = kept.slice(i, i + WRITE_CHUNK).map((k) => k.id);
    const rows = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)));
    for (const row of rows) existing.add(row.id);
  }
  // Contacts there now are overwritten; contacts deleted for good since are inserted again.
  const overwrite = withPhoto.filter((c) => existing.has(c.id));
  for (let i = 0; i < overwrite.length; i += WRITE_CHUNK) {
    await overwriteContactRows(tx, userId, overwrite.slice(i, i + WRITE_CHUNK));
  }
  const recreate = withPhoto
    .filter((c) => !existing.has(c.id))
    .map(({ card }) => rowOfSnapshot(userId, card));
  for (let i = 0; i < recreate.length; i += WRITE_CHUNK) {
    await putBackContactRows(tx, recreate.slice(i, i + WRITE_CHUNK));
  }
  await setLabelsOfContacts(
    tx,
    userId,
    kept.map(({ id, state }) => ({ contactId: id, labelIds: state.labels.map((l) => l.id) })),
  );
}
