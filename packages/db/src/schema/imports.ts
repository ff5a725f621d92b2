import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { users } from './users';

/**
 * What an import changed in a contact that was already in the book, written in the same
 * transaction as the change: the contact's columns and label ids before it. Undoing the import
 * puts them back; the retention job drops backups after a day.
 */
export const contactImportBackups = pgTable(
  'contact_import_backups',
  {
    importId: uuid('import_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    previous: jsonb('previous').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_import_backups_import_idx').on(t.importId, t.contactId),
    index('contact_import_backups_created_idx').on(t.createdAt),
  ],
);

/** The bytes of a staged file's part (`import_file_parts.bytes`). */
const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});

/** Where an import stands (docs/decisions/0020-imports-staged-and-run-as-jobs.md). */
export type ImportRunStatus =
  'uploading' | 'staged' | 'queued' | 'running' | 'done' | 'failed' | 'undone';

/**
 * One import file and what became of it: uploaded in parts to `import_file_parts` (in the
 * database, so every instance of the server reads it), previewed, then written by a background
 * job that records its progress here. The row's id is the import's id: each contact it creates
 * carries it (`contacts.import_id`), and undo takes back whatever carries it. An account has at
 * most one import not yet started; the retention job removes staged files after a day.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ImportRunStatus>().notNull(),
    fileName: text('file_name').notNull().default(''),
    /** The file's size as staged, in bytes of UTF-8. */
    byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
    /**
     * What the person chose for the import: the mapping and date order the preview was read
     * with, what it found (format, counts, vCard groups), and skip or update for duplicates.
     */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Contacts to write, and how many are written (the progress bar). */
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** What the job did: `{created, updated, photosDropped, photoAddressesKept, photosFailed}`. */
    outcome: jsonb('outcome').$type<Record<string, number>>(),
    /** Why the job stopped, in the product's words; null unless `failed`. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_runs_user_idx').on(t.userId, t.createdAt),
    index('import_runs_updated_idx').on(t.updatedAt),
  ],
);

/** The parts of a staged import file, in order (`seq` from 0), up to 1 MiB each. */
export const importFileParts = pgTable(
  'import_file_parts',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);
