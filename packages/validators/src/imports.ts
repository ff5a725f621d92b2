import { z } from 'zod';
import { CONTACT_LIMITS, multiLineText, singleLineText } from './contact-limits';
import { contactId } from './contacts';
import { LABEL_NAME_MAX } from './labels';

/** The largest file `imports.preview` reads, in characters (the tRPC body is 8 MiB). */
export const IMPORT_FILE_MAX = 7 * 1024 * 1024;

/**
 * The largest file the import page uploads (`POST /api/imports/upload`), in bytes of its
 * UTF-8 text: a 50,000-row Google CSV is about 13 MB, 10,000 cards with photos about 39 MB.
 */
export const IMPORT_UPLOAD_MAX = 100 * 1000 * 1000;

/** What a file over `IMPORT_UPLOAD_MAX` is answered (413), and the import page says. */
export const IMPORT_UPLOAD_TOO_LARGE =
  'The file is larger than 100 MB. Split it and import each part.';

/** The most contacts one `imports.batch` call writes, in one transaction. */
export const IMPORT_BATCH_MAX = 500;

/**
 * Longest text one imported property may hold, in characters (`CONTACT_LIMITS.extraText`);
 * each field has its own, shorter limit in `CONTACT_LIMITS`.
 */
export const IMPORT_TEXT_MAX = CONTACT_LIMITS.extraText;

/** Largest photo one imported contact carries as a data URI, in characters (~5 MB of bytes). */
export const IMPORT_PHOTO_MAX = 7 * 1024 * 1024;

/** Longest vCard text an imported contact keeps as its card, in characters: a photo's and more. */
export const IMPORT_CARD_MAX = 8 * 1024 * 1024;

/** NUL characters (which PostgreSQL text cannot hold) dropped, as a file's reader leaves them. */
const withoutNul = (value: string) => value.replace(/\0/g, '');

/**
 * Imported text of one line, at most `max` characters: control characters are dropped first
 * (`singleLineText`, and NUL).
 */
const line = (max: number) =>
  z
    .string()
    .overwrite((value) => singleLineText(withoutNul(value)))
    .max(max);

/** Imported text that may span lines (`multiLineText`, NUL dropped), at most `max` characters. */
const lines = (max: number) =>
  z
    .string()
    .overwrite((value) => multiLineText(withoutNul(value)))
    .max(max);

const L = CONTACT_LIMITS;
const text = line(L.extraText);

/**
 * A property kept without a field of its own (see `ContactExtraField` in @kith/db): its vCard
 * name (RFC 6350; `CUSTOM` for a labelled field from a CSV), label, text value and, for a
 * structured value such as ADR, its parts.
 */
export const extraField = z.object({
  name: z
    .string()
    .min(1)
    .max(L.extraName)
    .regex(/^[A-Za-z0-9-]+$/),
  label: text,
  value: lines(L.extraText),
  components: z.array(lines(L.extraText)).max(L.extraComponents).optional(),
});
export type ExtraField = z.infer<typeof extraField>;

/** An imported value of at most `max` characters with its type (see `TypedValue` in @kith/db). */
const importedValue = (max: number) => z.object({ value: line(max), type: line(L.valueType) });

/** A list of at most `CONTACT_LIMITS.values` values. */
const valueList = <T extends z.ZodType>(item: T) => z.array(item).max(L.values).default([]);

const namePart = line(L.namePart);
const field = line(L.field);

/**
 * A contact as an import file gave it, already read and cleaned by `imports.preview`: the
 * card's fields (the first value of each list is the preferred one), a birthday
 * (the year may be missing, RFC 6350 `--MMDD`), a photo as a `data:` URI or an `https:`
 * address, label names, and every other property in `extra`.
 */
export const importedContact = z
  .object({
    /** Where it was in the file: the CSV line or the vCard's position, from 1. */
    row: z.number().int().min(1),
    /** '' when the card names a family alone (`N:Smith;;;;`); one of the two is required. */
    givenName: namePart,
    familyName: namePart,
    additionalNames: namePart.default(''),
    honorificPrefixes: namePart.default(''),
    honorificSuffixes: namePart.default(''),
    nickname: namePart.default(''),
    /** FN or a "Display Name" column, when it is not the name the parts make; else ''. */
    formattedName: line(L.fullName).default(''),
    /** The file named no one: `givenName` is a stand-in for the screen, never written to a card. */
    nameIsStandIn: z.boolean().default(false),
    org: field,
    orgUnits: z.array(field).max(L.orgUnits).default([]),
    title: field,
    emails: valueList(importedValue(L.email)),
    phones: valueList(importedValue(L.phone)),
    addresses: valueList(
      z.object({
        type: line(L.valueType),
        poBox: field,
        extended: field,
        street: field,
        locality: field,
        region: field,
        postalCode: line(L.postCode),
        country: field,
      }),
    ),
    urls: valueList(importedValue(L.link)),
    impps: valueList(importedValue(L.link)),
    related: valueList(importedValue(L.link)),
    dates: valueList(
      z.object({
        type: line(L.valueType),
        day: z.number().int().min(1).max(31),
        month: z.number().int().min(1).max(12),
        year: z.number().int().min(1).max(9999).nullable(),
      }),
    ),
    note: lines(L.note).default(''),
    birthday: z
      .object({
        day: z.number().int().min(1).max(31),
        month: z.number().int().min(1).max(12),
        year: z.number().int().min(1).max(9999).nullable(),
      })
      .nullable(),
    photo: z
      .string()
      .max(IMPORT_PHOTO_MAX)
      .overwrite((value) => value.replace(/\0/g, '')),
    labels: z.array(text.pipe(z.string().trim().min(1).max(LABEL_NAME_MAX))).max(L.labels),
    /** Google's `* starred` group. */
    isFavorite: z.boolean().default(false),
    extra: z.array(extraField).max(L.extra),
    /**
     * The vCard (3.0 or 4.0) as the file holds it, kept as the contact's card so it is
     * exported and synced as it came (docs/card-is-the-record.md); absent for CSV rows.
     */
    card: z.string().max(IMPORT_CARD_MAX).optional(),
  })
  .refine((contact) => contact.givenName.trim() || contact.familyName.trim(), {
    error: 'A name is required',
    path: ['givenName'],
  });
export type ImportedContact = z.infer<typeof importedContact>;

/**
 * Where a column of a CSV goes when the file is neither Google's nor Outlook's: a field of
 * the contact, `labels` (split on commas or Google's ` ::: `), `note`, `website`, `custom`
 * (kept as a field named after the column), or `ignore`.
 */
export const IMPORT_COLUMN_TARGETS = [
  'ignore',
  'fullName',
  'givenName',
  'familyName',
  'email',
  'phone',
  'org',
  'title',
  'streetAddress',
  'city',
  'postCode',
  'country',
  'birthday',
  'labels',
  'note',
  'website',
  'custom',
] as const;
export type ImportColumnTarget = (typeof IMPORT_COLUMN_TARGETS)[number];

/**
 * Read an import file and preview it: its text (CSV or vCard 2.1, 3.0 or 4.0), and for a CSV
 * of no known layout, one target per column in order (`mapping`).
 */
export const importPreviewInput = z.object({
  content: z.string().min(1, { error: 'The file is empty' }).max(IMPORT_FILE_MAX, {
    error: 'The file is larger than 7 MB. Split it and import each part.',
  }),
  mapping: z.array(z.enum(IMPORT_COLUMN_TARGETS)).max(500).optional(),
  /**
   * How to read a CSV's `a/b/yyyy` birthdays when the column itself cannot tell (every part
   * 12 or less): the person's answer to the preview's question. A column that tells wins.
   */
  dateOrder: z.enum(['month-first', 'day-first']).optional(),
});
export type ImportPreviewInput = z.infer<typeof importPreviewInput>;

/**
 * One batch of an import, written in one transaction: contacts to create, and contacts
 * already in the book to update with an imported contact's values. Every batch of one import
 * carries the same `importId` (a UUID the client makes), so `imports.undo` can take
 * the whole import back.
 */
export const importBatchInput = z.object({
  importId: z.uuid(),
  create: z.array(importedContact).max(IMPORT_BATCH_MAX).default([]),
  update: z
    .array(z.object({ contactId, contact: importedContact }))
    .max(IMPORT_BATCH_MAX)
    .default([]),
});
export type ImportBatchInput = z.infer<typeof importBatchInput>;

/** The import an uploaded file became (`POST /api/imports/upload` answers its id). */
const stagedImportId = z.uuid();

/**
 * Preview an uploaded file (`imports.previewFile`): for a CSV of no known layout, one target
 * per column in order (`mapping`); the person's answer to the date-order question.
 */
export const importPreviewFileInput = z.object({
  importId: stagedImportId,
  mapping: importPreviewInput.shape.mapping,
  dateOrder: importPreviewInput.shape.dateOrder,
});
export type ImportPreviewFileInput = z.infer<typeof importPreviewFileInput>;

/** What to do with a contact of the file that is already in the book. */
export const importDuplicateChoice = z.enum(['skip', 'update']);
export type ImportDuplicateChoice = z.infer<typeof importDuplicateChoice>;

/** The most duplicates the preview lists one by one, each with a choice of its own. */
export const IMPORT_LISTED_MAX = 50;

/**
 * Start writing a previewed file (`imports.start`): skip or update for every duplicate
 * (`duplicates`), and for some rows their own choice (`rows`: the CSV line or vCard position).
 */
export const importStartInput = z.object({
  importId: stagedImportId,
  duplicates: importDuplicateChoice.default('skip'),
  rows: z
    .array(z.object({ row: z.number().int().min(1), choice: importDuplicateChoice }))
    .max(IMPORT_LISTED_MAX)
    .default([]),
});
export type ImportStartInput = z.infer<typeof importStartInput>;

/** One import, by its id (`imports.status`). */
export const importStatusInput = z.object({ importId: stagedImportId });

/** Take back everything an import wrote. */
export const importUndoInput = z.object({ importId: z.uuid() });
