import { schema, type Database, type ContactExtraField } from '@kith/db';
import type {
  ImportBatchInput,
  ImportColumnTarget,
  ImportedContact,
  ImportPreviewInput,
} from '@kith/validators';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ApiDependencies } from '../context';
import { combinedName } from '../contacts/contact-dto';
import { phoneKey } from '../contacts/duplicates.service';
import { mergeExtras } from '../contacts/extra-fields';
import { ValidationError } from '../errors';
import { removeBytes } from '../images/images.service';
import type { ProcessedImage } from '../images/process';
import { detectCsvLayout, readCsvRows, readCsvTable, suggestMapping } from './csv-read';
import type { ImportProblem, ReadResult } from './draft';
import { photoSource } from './photos';
import { readVCardFile } from './vcard-read';
import { cooperative } from '../shared/event-loop';

const { contacts, contactLabels, labels, images, contactImportBackups } = schema;

/** What kind of file was read. */
export type ImportFormat = 'vcard' | 'google' | 'google-legacy' | 'outlook' | 'csv';

/** A contact of the file that looks like one already in the book. */
export interface ImportDuplicate {
  row: number;
  contactId: string;
  /** The name of the contact in the book. */
  name: string;
  reason: 'email' | 'phone';
}

/**
 * What an import file holds, before anything is written: the contacts it would create,
 * the rows with problems (errors are left out, warnings come in changed), and the contacts
 * that match one in the book by email or phone. For a CSV of no known layout, `needsMapping`
 * asks for a column mapping first; `mapping` is the suggested or the given one.
 */
export interface ImportPreview {
  format: ImportFormat;
  columns: string[];
  /** Up to three data rows of a CSV, to show beside the mapping. */
  sample: string[][];
  mapping: ImportColumnTarget[];
  needsMapping: boolean;
  contacts: ImportedContact[];
  problems: ImportProblem[];
  duplicates: ImportDuplicate[];
}

export const importMessages = {
  unreadable: 'This file is neither a CSV nor a vCard file Kith can read.',
  noContacts: 'There are no contacts in this file.',
  mappingLength: 'Choose where each column goes.',
  repeated:
    'Same email or phone as an earlier contact in this file. Both are imported; Merge & fix can join them.',
};

/**
 * Reads an import file (issue 6 "Import") and previews it. Nothing is written.
 * vCard (2.1, 3.0, 4.0) is told by its `BEGIN:VCARD`; anything else is read as CSV, whose
 * layout (Google current or legacy, Outlook) is told by its headers. Duplicates are matched
 * by email (any case) and by phone number normalised with libphonenumber-js, against the
 * person's contacts not in the trash.
 *
 * @throws ValidationError when the file is neither CSV nor vCard, holds no rows, or a
 *   `mapping` does not give one target per column.
 */
export async function previewImport(
  deps: Pick<ApiDependencies, 'db'>,
  userId: string,
  input: ImportPreviewInput,
): Promise<ImportPreview> {
  const base = { columns: [], sample: [], mapping: [], needsMapping: false };
  let format: ImportFormat;
  let read: ReadResult;
  let rest: Pick<ImportPreview, 'columns' | 'sample' | 'mapping' | 'needsMapping'> = base;

  if (/BEGIN:VCARD/i.test(input.content)) {
    format = 'vcard';
    read = await readVCardFile(input.content);
  } else {
    const table = readCsvTable(input.content);
    if (table.headers.length < 2 && table.rows.length === 0) {
      throw new ValidationError(importMessages.unreadable, {
        content: [importMessages.unreadable],
      });
    }
    const layout = detectCsvLayout(table.headers);
    format = layout === 'other' ? 'csv' : layout;
    const sample = table.rows.slice(0, 3);
    if (layout === 'other' && !input.mapping) {
      return {
        ...base,
        format,
        columns: table.headers,
        sample,
        mapping: suggestMapping(table.headers),
        needsMapping: true,
        contacts: [],
        problems: [],
        duplicates: [],
      };
    }
    const mapping = input.mapping ?? [];
    if (layout === 'other' && mapping.length !== table.headers.length) {
      throw new ValidationError(importMessages.mappingLength, {
        mapping: [importMessages.mappingLength],
      });
    }
    rest = { columns: table.headers, sample, mapping, needsMapping: false };
    read = await readCsvRows(table, layout, mapping);
  }
  if (read.contacts.length === 0 && read.problems.length === 0) {
    throw new ValidationError(importMessages.noContacts, { content: [importMessages.noContacts] });
  }
  return {
    ...rest,
    format,
    contacts: read.contacts,
    problems: [...read.problems, ...(await repeatsInFile(read.contacts))].sort(
      (a, b) => a.row - b.row,
    ),
    duplicates: await matchDuplicates(deps.db, userId, read.contacts),
  };
}

/**
 * Warnings for contacts with the email or phone of an earlier contact of the same file: both
 * come in (they may be two people sharing a number), and Merge & fix can join them after.
 */
async function repeatsInFile(imported: ImportedContact[]): Promise<ImportProblem[]> {
  const seen = new Set<string>();
  const problems: ImportProblem[] = [];
  const pause = cooperative();
  for (const contact of imported) {
    await pause();
    const keys = [
      contact.email && `email:${contact.email.toLowerCase()}`,
      contact.phone && `phone:${phoneKey(contact.phone)}`,
    ].filter((key): key is string => Boolean(key));
    if (keys.some((key) => seen.has(key))) {
      problems.push({
        row: contact.row,
        name: combinedName(contact.givenName, contact.familyName),
        severity: 'warning',
        message: importMessages.repeated,
      });
    }
    for (const key of keys) seen.add(key);
  }
  return problems;
}

/** Each imported contact's first match in the book, by any of its emails, then phones. */
async function matchDuplicates(
  db: Database,
  userId: string,
  imported: ImportedContact[],
): Promise<ImportDuplicate[]> {
  const book = await db
    .select({
      id: contacts.id,
      givenName: contacts.givenName,
      familyName: contacts.familyName,
      email: contacts.email,
      phone: contacts.phone,
    })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), isNull(contacts.trashedAt)));
  const byEmail = new Map<string, (typeof book)[number]>();
  const byPhone = new Map<string, (typeof book)[number]>();
  const pause = cooperative();
  for (const row of book) {
    await pause();
    if (row.email) byEmail.set(row.email.toLowerCase(), row);
    const key = row.phone ? phoneKey(row.phone) : '';
    if (key) byPhone.set(key, row);
  }
  const duplicates: ImportDuplicate[] = [];
  for (const contact of imported) {
    await pause();
    const emails = [contact.email, ...extraValues(contact.extra, 'EMAIL')].filter(Boolean);
    const phones = [contact.phone, ...extraValues(contact.extra, 'TEL')].filter(Boolean);
    const email = emails.map((e) => byEmail.get(e.toLowerCase())).find(Boolean);
    const phone = email ? undefined : phones.map((p) => byPhone.get(phoneKey(p))).find(Boolean);
    const match = email ?? phone;
    if (match) {
      duplicates.push({
        row: contact.row,
        contactId: match.id,
        name: combinedName(match.givenName, match.familyName),
        reason: email ? 'email' : 'phone',
      });
    }
  }
  return duplicates;
}

const extraValues = (extra: ContactExtraField[], name: string) =>
  extra.filter((field) => field.name === name).map((field) => field.value);

/** What one batch did. */
export interface ImportBatchResult {
  created: number;
  updated: number;
  /** Photos that could not be read or fetched; an address is kept with the contact. */
  photosFailed: number;
}

/** The columns of a contact an import writes, from an imported contact. */
function columnsOf(contact: ImportedContact) {
  const orNull = (value: string) => value || null;
  return {
    givenName: contact.givenName,
    familyName: contact.familyName,
    email: orNull(contact.email),
    phone: orNull(contact.phone),
    company: orNull(contact.company),
    jobTitle: orNull(contact.jobTitle),
    streetAddress: orNull(contact.streetAddress),
    city: orNull(contact.city),
    postCode: orNull(contact.postCode),
    country: orNull(contact.country),
    birthdayDay: contact.birthday?.day ?? null,
    birthdayMonth: contact.birthday?.month ?? null,
    birthdayYear: contact.birthday?.year ?? null,
  };
}

/** A stored photo waiting for its row: the image id and what was stored. */
interface StoredPhoto {
  id: string;
  key: string;
  image: ProcessedImage;
}

/**
 * Writes one batch of an import in one transaction (issue 6: "one transaction per batch"):
 * creates the `create` contacts and updates the `update` ones (imported values replace the
 * contact's where the file has one; extras and labels are added). Labels are found by name
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
  const photos = new Map<ImportedContact, StoredPhoto>();
  let photosFailed = 0;
  for (const contact of all) {
    if (!contact.photo) continue;
    try {
      const image = await readPhoto(contact.photo);
      const id = crypto.randomUUID();
      const key = `${id}.webp`;
      await deps.images.put(key, image.bytes, image.contentType);
      photos.set(contact, { id, key, image });
    } catch {
      photosFailed++;
      if (!contact.photo.startsWith('data:')) {
        contact.extra = [...contact.extra, { name: 'PHOTO', label: '', value: contact.photo }];
      }
    }
  }

  try {
    return await deps.db.transaction(async (tx) => {
      const db = tx as Database;
      if (photos.size > 0) {
        await db.insert(images).values(
          [...photos.values()].map(({ id, key, image }) => ({
            id,
            ownerId: userId,
            storageKey: key,
            contentType: image.contentType,
            byteSize: image.bytes.byteLength,
            width: image.width,
            height: image.height,
            createdAt: now,
            attachedAt: now,
          })),
        );
      }
      const labelIds = await ensureLabels(
        db,
        userId,
        input.importId,
        all.flatMap((c) => c.labels),
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
          return {
            id,
            userId,
            importId: input.importId,
            ...columnsOf(contact),
            isFavorite: contact.isFavorite,
            avatarImageId: photos.get(contact)?.id ?? null,
            extra: contact.extra,
          };
        });
        await db.insert(contacts).values(rows);
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
        // The file's values replace the contact's where the file has one; the birthday is
        // replaced whole, so a birthday without a year does not keep the old year.
        const { birthdayDay, birthdayMonth, birthdayYear, ...fields } = columnsOf(contact);
        const columns = Object.fromEntries(
          Object.entries(fields).filter(([, value]) => value !== null && value !== ''),
        );
        await db
          .update(contacts)
          .set({
            ...columns,
            ...(contact.birthday ? { birthdayDay, birthdayMonth, birthdayYear } : {}),
            isFavorite: previous.isFavorite || contact.isFavorite,
            avatarImageId: photos.get(contact)?.id ?? previous.avatarImageId,
            extra: mergeExtras(previous.extra, contact.extra),
          })
          .where(eq(contacts.id, contactId));
        for (const name of contact.labels) {
          assignments.push({ contactId, labelId: labelIds.get(name.toLowerCase())! });
        }
        updated++;
      }
      if (assignments.length > 0) {
        await db.insert(contactLabels).values(assignments).onConflictDoNothing();
      }
      return { created: creates.length, updated, photosFailed };
    });
  } catch (error) {
    await removeBytes(
      deps.images,
      [...photos.values()].map((p) => p.key),
    );
    throw error;
  }
}

/** What an update keeps to be undone: the contact's columns and label ids before it. */
type ContactBackup = ReturnType<typeof backupOf>;

function backupOf(row: typeof contacts.$inferSelect, labelIds: string[]) {
  return {
    givenName: row.givenName,
    familyName: row.familyName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    jobTitle: row.jobTitle,
    streetAddress: row.streetAddress,
    city: row.city,
    postCode: row.postCode,
    country: row.country,
    birthdayDay: row.birthdayDay,
    birthdayMonth: row.birthdayMonth,
    birthdayYear: row.birthdayYear,
    avatarImageId: row.avatarImageId,
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

/**
 * The id of each label name (lowercased), finding the person's labels whatever their case
 * and creating the missing ones, marked with the import.
 */
async function ensureLabels(
  db: Database,
  userId: string,
  importId: string,
  names: string[],
): Promise<Map<string, string>> {
  const wanted = new Map(names.map((name) => [name.toLowerCase(), name]));
  const ids = new Map<string, string>();
  if (wanted.size === 0) return ids;
  const lowered = [...wanted.keys()];
  const find = () =>
    db
      .select({ id: labels.id, name: labels.name })
      .from(labels)
      .where(and(eq(labels.userId, userId), inArray(sql`lower(${labels.name})`, lowered)));
  for (const row of await find()) ids.set(row.name.toLowerCase(), row.id);
  const missing = lowered.filter((name) => !ids.has(name));
  if (missing.length > 0) {
    await db
      .insert(labels)
      .values(missing.map((name) => ({ userId, importId, name: wanted.get(name)! })))
      .onConflictDoNothing();
    for (const row of await find()) ids.set(row.name.toLowerCase(), row.id);
  }
  return ids;
}

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
  const { result, imageKeys } = await deps.db.transaction(async (tx) => {
    const db = tx as Database;
    const owned = and(eq(contacts.userId, userId), eq(contacts.importId, importId));
    const removed = await db
      .delete(contacts)
      .where(owned)
      .returning({ avatarImageId: contacts.avatarImageId });
    const backups = await db
      .select()
      .from(contactImportBackups)
      .where(
        and(eq(contactImportBackups.userId, userId), eq(contactImportBackups.importId, importId)),
      );
    const orphanImages = removed.map((r) => r.avatarImageId).filter((id) => id !== null);
    for (const backup of backups) {
      const previous = backup.previous as unknown as ContactBackup;
      const [current] = await db
        .select({ avatarImageId: contacts.avatarImageId })
        .from(contacts)
        .where(eq(contacts.id, backup.contactId));
      if (current?.avatarImageId && current.avatarImageId !== previous.avatarImageId) {
        orphanImages.push(current.avatarImageId);
      }
      const { labelIds, updatedAt, ...columns } = previous;
      await db
        .update(contacts)
        .set({ ...columns, updatedAt: new Date(updatedAt) })
        .where(eq(contacts.id, backup.contactId));
      await db.delete(contactLabels).where(eq(contactLabels.contactId, backup.contactId));
      if (labelIds.length > 0) {
        const still = await db
          .select({ id: labels.id })
          .from(labels)
          .where(and(eq(labels.userId, userId), inArray(labels.id, labelIds)));
        if (still.length > 0) {
          await db
            .insert(contactLabels)
            .values(still.map(({ id }) => ({ contactId: backup.contactId, labelId: id })));
        }
      }
    }
    await db
      .delete(contactImportBackups)
      .where(
        and(eq(contactImportBackups.userId, userId), eq(contactImportBackups.importId, importId)),
      );
    await db.delete(labels).where(and(eq(labels.userId, userId), eq(labels.importId, importId)));
    const deletedImages = orphanImages.length
      ? await db
          .delete(images)
          .where(and(eq(images.ownerId, userId), inArray(images.id, orphanImages)))
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
