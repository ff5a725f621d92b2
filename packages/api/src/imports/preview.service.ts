import { schema, type Database } from '@kith/db';
import type { ImportColumnTarget, ImportedContact, ImportPreviewInput } from '@kith/validators';
import type { ApiDependencies } from '../trpc/context';
import { combinedName } from '@kith/validators';
import { activeContactRows, phoneKey } from '../contacts';
import { ValidationError } from '../shared/errors';
import { detectCsvLayout, readCsvRows, readCsvTable, suggestMapping } from './csv-read';
import type { DateOrder, ImportProblem, ReadResult } from '../vcard/draft';
import { readVCardFile } from '../vcard/read';
import { cooperative } from '../shared/event-loop';

const { contacts } = schema;

/** What kind of file was read. */
export type ImportFormat = 'vcard' | 'google' | 'google-legacy' | 'outlook' | 'thunderbird' | 'csv';

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
  /** Without their empty optional parts (`withoutEmptyParts`); send them back as they are. */
  contacts: PreviewContact[];
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
 * Reads an import file and previews it. Nothing is written.
 * vCard (2.1, 3.0, 4.0) is told by its `BEGIN:VCARD`; anything else is read as CSV, whose
 * layout (Google current or legacy, Outlook, Thunderbird) is told by its headers. Duplicates
 * are matched by email (any case) and by phone number normalised with libphonenumber-js,
 * against the person's contacts not in the trash.
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
    contacts: await withoutEmptyParts(read.contacts),
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
  const repeated = repeatTracker();
  const problems: ImportProblem[] = [];
  const pause = cooperative();
  for (const contact of imported) {
    await pause();
    if (repeated(contact)) problems.push(repeatProblem(contact));
  }
  return problems;
}

/** The warning for a contact with the email or phone of an earlier one of its file. */
export function repeatProblem(contact: ImportedContact): ImportProblem {
  return {
    row: contact.row,
    name: combinedName(contact.givenName, contact.familyName),
    severity: 'warning',
    message: importMessages.repeated,
  };
}

/** Each imported contact's first match in the book, by any of its emails, then phones. */
async function matchDuplicates(
  db: Database,
  userId: string,
  imported: ImportedContact[],
): Promise<ImportDuplicate[]> {
  const match = await bookMatcher(db, userId);
  const duplicates: ImportDuplicate[] = [];
  const pause = cooperative();
  for (const contact of imported) {
    await pause();
    const duplicate = match(contact);
    if (duplicate) duplicates.push(duplicate);
  }
  return duplicates;
}

/**
 * The person's contacts not in the trash, keyed by email (any case) and by phone number
 * (`phoneKey`), read once: the returned function answers an imported contact's first match,
 * by any of its emails, then phones, or null. Built before an import writes anything, so a
 * file's contacts are matched against the book as it was, not against each other.
 */
export async function bookMatcher(
  db: Database,
  userId: string,
): Promise<(contact: ImportedContact) => ImportDuplicate | null> {
  const book = await activeContactRows(db, userId, {
    id: contacts.id,
    givenName: contacts.givenName,
    familyName: contacts.familyName,
    emails: contacts.emails,
    phones: contacts.phones,
  });
  const byEmail = new Map<string, (typeof book)[number]>();
  const byPhone = new Map<string, (typeof book)[number]>();
  const pause = cooperative();
  for (const row of book) {
    await pause();
    for (const email of row.emails) byEmail.set(email.value.toLowerCase(), row);
    for (const phone of row.phones) {
      const key = phoneKey(phone.value);
      if (key) byPhone.set(key, row);
    }
  }
  return (contact) => {
    const email = contact.emails.map((e) => byEmail.get(e.value.toLowerCase())).find(Boolean);
    const phone = email
      ? undefined
      : contact.phones.map((p) => byPhone.get(phoneKey(p.value))).find(Boolean);
    const match = email ?? phone;
    if (!match) return null;
    return {
      row: contact.row,
      contactId: match.id,
      name: combinedName(match.givenName, match.familyName),
      reason: email ? 'email' : 'phone',
    };
  };
}

/**
 * Keys of a contact's emails and phones, as `repeatsInFile` compares them; the returned
 * function answers whether a contact has one an earlier contact had (and remembers its own).
 */
export function repeatTracker(): (contact: ImportedContact) => boolean {
  const seen = new Set<string>();
  return (contact) => {
    const keys = [
      ...contact.emails.map((email) => `email:${email.value.toLowerCase()}`),
      ...contact.phones.map((phone) => phoneKey(phone.value)).map((key) => key && `phone:${key}`),
    ].filter(Boolean);
    const repeated = keys.some((key) => seen.has(key));
    for (const key of keys) seen.add(key);
    return repeated;
  };
}

/** The card's parts a contact of a file often lacks; `importedContact` fills them in again. */
const OPTIONAL_PARTS = [
  'additionalNames',
  'honorificPrefixes',
  'honorificSuffixes',
  'nickname',
  'orgUnits',
  'emails',
  'phones',
  'addresses',
  'urls',
  'impps',
  'related',
  'dates',
  'note',
] as const;

type OptionalPart = (typeof OPTIONAL_PARTS)[number];

/** An imported contact as the preview answers it: the optional parts only when filled. */
export type PreviewContact = Omit<ImportedContact, OptionalPart> &
  Partial<Pick<ImportedContact, OptionalPart>>;

const optionalParts = new Set<string>(OPTIONAL_PARTS);

/**
 * The contacts without their empty optional parts: a 7 MB file's preview is serialised in one
 * go on the event loop, and a dozen empty parts on each of 25,000 contacts made that longer
 * (reliability/freeze.test.ts). The batch input's defaults restore them.
 */
async function withoutEmptyParts(imported: ImportedContact[]): Promise<PreviewContact[]> {
  const pause = cooperative();
  const compact: PreviewContact[] = [];
  for (const contact of imported) {
    await pause();
    const parts: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(contact)) {
      const empty = value === '' || (Array.isArray(value) && value.length === 0);
      if (!(empty && optionalParts.has(key))) parts[key] = value;
    }
    compact.push(parts as PreviewContact);
  }
  return compact;
}
