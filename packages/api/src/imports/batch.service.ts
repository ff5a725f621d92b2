import { schema, type Database } from '@kith/db';
import type { ImportBatchInput, ImportedContact } from '@kith/validators';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ApiDependencies } from '../trpc/context';
import { cardBasis } from '../vcard/stored-card';
import {
  cardOf,
  columnsOf,
  insertContactRows,
  mergeExtras,
  unionCards,
  updateContactRows,
} from '../contacts';
import { imageRow, photoSource, removeBytes, type StoredImage, storeImage } from '../images';
import { bookTransaction } from '../shared/write-transaction';
import { addMembers, ensureLabels } from '../labels';

const { contacts, contactLabels, images, contactImportBackups } = schema;

/** What one batch did. */
export interface ImportBatchResult {
  created: number;
  updated: number;
  /** Photos that could not be read or fetched; an address is kept with the contact. */
  photosFailed: number;
}

/**
 * Contacts written per transaction on the embedded database. PGlite serves one session, so
 * while a transaction is open every other query of the server (`/api/health`, a person
 * opening a contact) waits for it: a 250-contact transaction held them 0.3-2 s
 * (docs/performance.md#import-pnpm-benchimport). 50 keeps each transaction to a few tens of
 * ms. PostgreSQL has a pool, so there a batch stays one transaction.
 */
export const PGLITE_CONTACTS_PER_TRANSACTION = 50;

/** One contact of a batch to write: created, or an update of a contact of the book. */
type Item = { contactId: null; contact: ImportedContact } | ImportBatchInput['update'][number];

/**
 * Writes one batch of an import:
 * creates the `create` contacts and updates the `update` ones (an imported name, company,
 * title and birthday replace the contact's; emails, phones, addresses and the other lists
 * join, the file's first; extras and labels are added). Labels are found by name
 * whatever their case, or created. Each created row carries `importId`, and each updated
 * contact's previous values are kept in `contact_import_backups`, so `undoImport` can take the
 * whole import back. Photos are read and stored before the writes; if a write fails, the bytes
 * of the photos it did not commit are deleted again. A contact to update that is gone or in
 * the trash is created.
 *
 * On PostgreSQL the batch is one transaction. On the embedded database it is written in
 * transactions of `PGLITE_CONTACTS_PER_TRANSACTION` contacts, letting the server's other
 * queries run between them; if one fails, those before it stay written and the error is
 * thrown: `imports.undo` takes the import back whole (the web app calls it when a batch fails).
 *
 * Photos that cannot be read do not stop the import: the contact comes in without one, and a
 * photo address is kept as a PHOTO extra.
 */
export async function importBatch(
  deps: Pick<ApiDependencies, 'db' | 'dbKind' | 'images' | 'keys' | 'now'> & {
    fetchPhoto?: (address: string) => Promise<Uint8Array>;
  },
  userId: string,
  input: ImportBatchInput,
): Promise<ImportBatchResult> {
  const readPhoto = photoSource(deps, userId, deps.fetchPhoto);
  const items: Item[] = [
    ...input.create.map((contact) => ({ contactId: null, contact })),
    ...input.update,
  ];
  const photos = new Map<ImportedContact, StoredImage>();
  let photosFailed = 0;
  for (const { contact } of items) {
    if (!contact.photo) continue;
    try {
      photos.set(contact, await storeImage(deps.images, await readPhoto(contact.photo)));
    } catch {
      photosFailed++;
      if (!contact.photo.startsWith('data:')) {
        contact.extra = [...contact.extra, { name: 'PHOTO', label: '', value: contact.photo }];
      }
    }
  }

  const size =
    deps.dbKind === 'pglite' ? PGLITE_CONTACTS_PER_TRANSACTION : Math.max(items.length, 1);
  const result: ImportBatchResult = { created: 0, updated: 0, photosFailed };
  for (let start = 0; start < items.length; start += size) {
    const chunk = items.slice(start, start + size);
    // Other requests' queries, queued while the last transaction held the session, go first.
    if (start > 0) await nextTurn();
    try {
      const written = await writeChunk(deps, userId, input.importId, chunk, photos);
      result.created += written.created;
      result.updated += written.updated;
    } catch (error) {
      const unwritten = items.slice(start).map(({ contact }) => photos.get(contact));
      await removeBytes(
        deps.images,
        unwritten.filter((p) => p !== undefined).map((p) => p.storageKey),
      );
      throw error;
    }
  }
  return result;
}

/** Writes `chunk` in one transaction under the book lock; answers what it created and updated. */
async function writeChunk(
  deps: Pick<ApiDependencies, 'db' | 'now'>,
  userId: string,
  importId: string,
  chunk: Item[],
  photos: Map<ImportedContact, StoredImage>,
): Promise<Omit<ImportBatchResult, 'photosFailed'>> {
  const now = deps.now();
  const importBook = { userId, source: { via: 'import', importId } } as const;
  const chunkPhotos = chunk
    .map(({ contact }) => photos.get(contact))
    .filter((p) => p !== undefined);
  return bookTransaction(deps.db, importBook, async (db) => {
    if (chunkPhotos.length > 0) {
      await db
        .insert(images)
        .values(chunkPhotos.map((stored) => imageRow(stored, userId, now, now)));
    }
    const labelIds = await ensureLabels(
      db,
      userId,
      chunk.flatMap(({ contact }) => contact.labels),
      { importId },
    );
    const updates = chunk.filter((item) => item.contactId !== null);
    const toUpdate = await existingContacts(
      db,
      userId,
      updates.map((u) => u.contactId),
    );
    const creates = chunk
      .filter((item) => item.contactId === null || !toUpdate.has(item.contactId))
      .map((item) => item.contact);
    const assignments: { contactId: string; labelId: string }[] = [];
    if (creates.length > 0) {
      const rows = creates.map((contact) => {
        const id = crypto.randomUUID();
        for (const name of contact.labels) {
          assignments.push({ contactId: id, labelId: labelIds.get(name.toLowerCase())! });
        }
        const fields = {
          ...columnsOf(contact),
          isFavorite: contact.isFavorite,
          photoImageId: photos.get(contact)?.id ?? null,
          extra: contact.extra,
        };
        // A vCard's text is the record (docs/card-is-the-record.md); a CSV row has none.
        const card = contact.card
          ? { card: contact.card, cardBasis: cardBasis(fields, contact.labels) }
          : {};
        return { id, userId, importId, ...fields, ...card };
      });
      await insertContactRows(db, rows);
    }

    // A contact the import already changed keeps its first backup: undo restores the
    // contact as it was before the import, not between two of its rows.
    const backedUp = new Set(
      toUpdate.size
        ? (
            await db
              .select({ contactId: contactImportBackups.contactId })
              .from(contactImportBackups)
              .where(
                and(
                  eq(contactImportBackups.importId, importId),
                  inArray(contactImportBackups.contactId, [...toUpdate.keys()]),
                ),
              )
          ).map((row) => row.contactId)
        : [],
    );
    const backups: (typeof contactImportBackups.$inferInsert)[] = [];
    for (const [contactId, previous] of toUpdate) {
      if (backedUp.has(contactId)) continue;
      backups.push({
        importId,
        userId,
        contactId,
        previous: previous as unknown as Record<string, unknown>,
      });
    }
    if (backups.length > 0) await db.insert(contactImportBackups).values(backups);

    let updated = 0;
    for (const { contactId, contact } of updates) {
      const previous = toUpdate.get(contactId!);
      if (!previous) continue;
      // The file's name, organisation and title replace the contact's where the file has one;
      // the birthday is replaced whole, so a birthday without a year does not keep the old
      // year. Lists join: the file's values first (now preferred), then the contact's own.
      const { givenName, familyName, org, title, birthdayDay, birthdayMonth, birthdayYear } =
        columnsOf(contact);
      const columns = Object.fromEntries(
        Object.entries({ givenName, familyName, org, title }).filter(
          ([, value]) => value !== null && value !== '',
        ),
      );
      const next = {
        ...columns,
        ...unionCards(cardOf(contact), previous),
        ...(contact.birthday ? { birthdayDay, birthdayMonth, birthdayYear } : {}),
        isFavorite: previous.isFavorite || contact.isFavorite,
        photoImageId: photos.get(contact)?.id ?? previous.photoImageId,
        extra: mergeExtras(previous.extra, contact.extra),
      };
      await updateContactRows(db, userId, eq(contacts.id, contactId!), next);
      // Two rows of the file updating one contact join, as they did one batch apart.
      toUpdate.set(contactId!, { ...previous, ...next });
      for (const name of contact.labels) {
        assignments.push({ contactId: contactId!, labelId: labelIds.get(name.toLowerCase())! });
      }
      updated++;
    }
    await addMembers(db, assignments);
    return { created: creates.length, updated };
  });
}

/** What an update keeps to be undone: the contact's columns and label ids before it. */
export type ContactBackup = ReturnType<typeof backupOf>;

function backupOf(row: typeof contacts.$inferSelect, labelIds: string[]) {
  return {
    givenName: row.givenName,
    familyName: row.familyName,
    org: row.org,
    title: row.title,
    ...cardOf(row),
    birthdayDay: row.birthdayDay,
    birthdayMonth: row.birthdayMonth,
    birthdayYear: row.birthdayYear,
    photoImageId: row.photoImageId,
    isFavorite: row.isFavorite,
    extra: row.extra,
    updatedAt: row.updatedAt.toISOString(),
    labelIds,
  };
}

/** The person's contacts among `ids` not in the trash, each as its backup. */
async function existingContacts(
  db: Database,
  userId: string,
  ids: string[],
): Promise<Map<string, ContactBackup>> {
  const result = new Map<string, ContactBackup>();
  if (ids.length === 0) return result;
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids), isNull(contacts.trashedAt)))
    .for('update');
  const assigned = rows.length
    ? await db
        .select()
        .from(contactLabels)
        .where(
          inArray(
            contactLabels.contactId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  for (const row of rows) {
    const labelIds = assigned.filter((a) => a.contactId === row.id).map((a) => a.labelId);
    result.set(row.id, backupOf(row, labelIds));
  }
  return result;
}
