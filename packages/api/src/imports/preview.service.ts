import { schema, type Database, type ContactExtraField } from '@kith/db';
import type { ImportColumnTarget, ImportedContact, ImportPreviewInput } from '@kith/validators';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { combinedName } from '../contacts/contact-dto';
import { phoneKey } from '../contacts/phone-key';
import { ValidationError } from '../shared/errors';
import { detectCsvLayout, readCsvRows, readCsvTable, suggestMapping } from './csv-read';
import type { DateOrder, ImportProblem, ReadResult } from './draft';
import { readVCardFile } from './vcard-read';
import { cooperative } from '../shared/event-loop';

const { contacts } = schema;

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
  /**
   * How a CSV's `a/b/yyyy` birthdays were read: `order`, and `ambiguous` when the column did
   * not tell and the person should be asked (then `order` is their answer, or month first).
   * Null for vCards and columns without such dates.
   */
  dateOrder: { order: DateOrder; ambiguous: boolean } | null;
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
  let dateOrder: ImportPreview['dateOrder'] = null;

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
        dateOrder: null,
      };
    }
    const mapping = input.mapping ?? [];
    if (layout === 'other' && mapping.length !== table.headers.length) {
      throw new ValidationError(importMessages.mappingLength, {
        mapping: [importMessages.mappingLength],
      });
    }
    rest = { columns: table.headers, sample, mapping, needsMapping: false };
    const csv = await readCsvRows(table, layout, mapping, input.dateOrder);
    read = csv;
    dateOrder = csv.dateOrder;
  }
  if (read.contacts.length === 0 && read.problems.length === 0) {
    throw new ValidationError(importMessages.noContacts, { content: [importMessages.noContacts] });
  }
  return {
    ...rest,
    format,
    dateOrder,
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
