import { schema, type Database } from '@kith/db';
import type { ImportBatchInput, ImportedContact } from '@kith/validators';
import { and, eq, inArray, isNull } from 'drizzle-orm';
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
 * Writes one batch of an import in one transaction:
 * creates the `create` contacts and updates the `update` ones (an imported name, company,
 * title and birthday replace the contact's; emails, phones, addresses and the other lists
 * join, the file's first; extras and labels are added). Labels are found by name
 * whatever their case, or created. Each created row carries `importId`, and each updated
 * contact's previous values are kept in `contact_import_backups`, so `undoImport` can take the
 * whole import back. Photos are read and stored before the transaction; if it fails, their
 * bytes are deleted again. A contact to update that is gone or in the trash is created.
 *
 * Photos that cannot be read do not stop the import: the contact comes in without one, and a
 * photo address is kept as a PHOTO extra.
 */
export async function importBatch(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'keys' | 'now'> & {
    fetchPhoto?: (address: string) => Promise<Uint8Array>;
  },
  userId: string,
  input: ImportBatchInput,
): Promise<ImportBatchResult> {
  const now = deps.now();
  const readPhoto = photoSource(deps, userId, deps.fetchPhoto);
  const all = [...input.create, ...input.update.map((u) => u.contact)];
  const photos = new Map<ImportedContact, StoredImage>();
  let photosFailed = 0;
  for (const contact of all) {
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

  const importBook = { userId, source: { via: 'import', importId: input.importId } } as const;
  try {
    return await bookTransaction(deps.db, importBook, async (db) => {
      if (photos.size > 0) {
        await db
          .insert(images)
          .values([...photos.values()].map((stored) => imageRow(stored, userId, now, now)));
      }
      const labelIds = await ensureLabels(
        db,
        userId,
        all.flatMap((c) => c.labels),
        { importId: input.importId },
      );

      const toUpdate = await existingContacts(
        db,
        userId,
        input.update.map((u) => u.contactId),
      );
      const creates = [
        ...input.create,
        ...input.update.filter((u) => !toUpdate.has(u.contactId)).map((u) => u.contact),
      ];
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
          return { id, userId, importId: input.importId, ...fields, ...card };
        });
        await insertContactRows(db, rows);
      }

      let updated = 0;
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
                    eq(contactImportBackups.importId, input.importId),
                    inArray(contactImportBackups.contactId, [...toUpdate.keys()]),
                  ),
                )
            ).map((row) => row.contactId)
          : [],
      );
      for (const { contactId, contact } of input.update) {
        const previous = toUpdate.get(contactId);
        if (!previous) continue;
        if (!backedUp.has(contactId)) {
          backedUp.add(contactId);
          await db.insert(contactImportBackups).values({
            importId: input.importId,
            userId,
            contactId,
            previous: previous as unknown as Record<string, unknown>,
          });
        }
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
        await updateContactRows(db, userId, eq(contacts.id, contactId), {
          ...columns,
          ...unionCards(cardOf(contact), previous),
          ...(contact.birthday ? { birthdayDay, birthdayMonth, birthdayYear } : {}),
          isFavorite: previous.isFavorite || contact.isFavorite,
          photoImageId: photos.get(contact)?.id ?? previous.photoImageId,
          extra: mergeExtras(previous.extra, contact.extra),
        });
        for (const name of contact.labels) {
          assignments.push({ contactId, labelId: labelIds.get(name.toLowerCase())! });
        }
        updated++;
      }
      await addMembers(db, assignments);
      return { created: creates.length, updated, photosFailed };
    });
  } catch (error) {
    await removeBytes(
      deps.images,
      [...photos.values()].map((p) => p.storageKey),
    );
    throw error;
  }
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
