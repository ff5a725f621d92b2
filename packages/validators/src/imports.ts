import { z } from 'zod';
import { contactId } from './contacts';

/** The largest file `imports.preview` reads, in characters (the tRPC body is 8 MiB). */
export const IMPORT_FILE_MAX = 7 * 1024 * 1024;

/** The most contacts one `imports.batch` call writes, in one transaction. */
export const IMPORT_BATCH_MAX = 500;

/** Longest text kept in one imported field, in characters; longer values are cut. */
export const IMPORT_TEXT_MAX = 10_000;

/** Largest photo one imported contact carries as a data URI, in characters (~5 MB of bytes). */
export const IMPORT_PHOTO_MAX = 7 * 1024 * 1024;

/** Imported text; NUL characters (which PostgreSQL text cannot hold) are dropped. */
const text = z
  .string()
  .max(IMPORT_TEXT_MAX)
  .overwrite((value) => value.replace(/\0/g, ''));

/**
 * A property kept without a field of its own (see `ContactExtraField` in @kith/db): its vCard
 * name (RFC 6350; `CUSTOM` for a labelled field from a CSV), label, text value and, for a
 * structured value such as ADR, its parts.
 */
export const extraField = z.object({
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9-]+$/),
  label: text,
  value: text,
  components: z.array(text).max(10).optional(),
});
export type ExtraField = z.infer<typeof extraField>;

/** An imported value with its type (see `TypedValue` in @kith/db). */
const importedValue = z.object({ value: text, type: text });

/**
 * A contact as an import file gave it, already read and cleaned by `imports.preview`: the
 * card's fields (issue 17; the first value of each list is the preferred one), a birthday
 * (the year may be missing, RFC 6350 `--MMDD`), a photo as a `data:` URI or an `https:`
 * address, label names, and every other property in `extra`.
 */
export const importedContact = z
  .object({
    /** Where it was in the file: the CSV line or the vCard's position, from 1. */
    row: z.number().int().min(1),
    /** '' when the card names a family alone (`N:Smith;;;;`); one of the two is required. */
    givenName: text,
    familyName: text,
    additionalNames: text.default(''),
    honorificPrefixes: text.default(''),
    honorificSuffixes: text.default(''),
    nickname: text.default(''),
    company: text,
    orgUnits: z.array(text).max(10).default([]),
    jobTitle: text,
    emails: z.array(importedValue).max(500).default([]),
    phones: z.array(importedValue).max(500).default([]),
    addresses: z
      .array(
        z.object({
          type: text,
          poBox: text,
          extended: text,
          street: text,
          locality: text,
          region: text,
          postalCode: text,
          country: text,
        }),
      )
      .max(500)
      .default([]),
    urls: z.array(importedValue).max(500).default([]),
    impps: z.array(importedValue).max(500).default([]),
    related: z.array(importedValue).max(500).default([]),
    dates: z
      .array(
        z.object({
          type: text,
          day: z.number().int().min(1).max(31),
          month: z.number().int().min(1).max(12),
          year: z.number().int().min(1).max(9999).nullable(),
        }),
      )
      .max(500)
      .default([]),
    note: text.default(''),
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
    labels: z.array(text.pipe(z.string().trim().min(1).max(60))).max(100),
    /** Google's `* starred` group. */
    isFavorite: z.boolean().default(false),
    extra: z.array(extraField).max(500),
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
  'company',
  'jobTitle',
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

/** Take back everything an import wrote. */
export const importUndoInput = z.object({ importId: z.uuid() });
