import { schema, type Database } from '@kith/db';
import type { ContactExportInput } from '@kith/validators';
import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import type { ApiDependencies } from '../trpc/context';
import { contactCardText } from '../vcard/stored-card';
import { csvColumns, csvRecord, SPREADSHEET_FORMULA } from './contact-csv';
import { embedded, selectContactsWithPhoto, type ContactWithPhoto } from './contacts-with-photo';
import { cooperative } from '../shared/event-loop';
import { listCondition, ownedLabel } from './list-filter';

const { contacts, contactLabels, labels } = schema;

/** A file to download: its name, MIME type and text. */
export interface ExportedFile {
  filename: string;
  contentType: string;
  content: string;
}

/** CSV rows written at a time. */
const CSV_SLICE = 200;

/**
 * Exports the person's contacts not in the trash: all of them, the favorites, one label's, or
 * a selection (`contactIds`), less `exceptIds`, sorted by name, as vCard 4.0 (RFC 6350) or 3.0 (RFC 2426; photos embedded,
 * labels as CATEGORIES) or as Google-compatible CSV (papaparse; photos as their address, labels in
 * `Labels`).
 *
 * @throws NotFoundError when `labelId` is not the person's label.
 */
export async function exportContacts(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'now' | 'publicUrl'>,
  userId: string,
  input: ContactExportInput,
): Promise<ExportedFile> {
  const label = input.labelId ? await ownedLabel(deps.db, userId, input.labelId) : null;
  const rows = await exportedRows(
    deps.db,
    and(
      listCondition(userId, input.favorites ? 'favorites' : 'contacts', label?.id),
      input.contactIds ? inArray(contacts.id, input.contactIds) : undefined,
      input.exceptIds?.length ? notInArray(contacts.id, input.exceptIds) : undefined,
    )!,
  );
  const labelsById = await labelNames(deps.db, userId);
  const day = deps.now().toISOString().slice(0, 10);
  const base = `kith-${label ? slug(label.name) : input.favorites ? 'favorites' : 'contacts'}-${day}`;

  const pause = cooperative();
  if (input.format === 'csv') {
    const records: Record<string, string>[] = [];
    for (const { contact, photo } of rows) {
      await pause();
      records.push(
        csvRecord(
          contact,
          // Absolute, so a spreadsheet or another address book can load it (for a while).
          photo ? new URL(deps.images.urlFor(photo.key), deps.publicUrl).toString() : '',
          labelsById.get(contact.id) ?? [],
        ),
      );
    }
    const columns = csvColumns(records);
    // Written a slice at a time, so a large book never holds the event loop for long.
    const slices: string[] = [];
    for (let start = 0; start === 0 || start < records.length; start += CSV_SLICE) {
      await pause();
      const data = records
        .slice(start, start + CSV_SLICE)
        .map((record) => columns.map((column) => record[column] ?? ''));
      slices.push(
        Papa.unparse(
          { fields: columns, data },
          { header: start === 0, escapeFormulae: SPREADSHEET_FORMULA },
        ),
      );
    }
    return {
      filename: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      content: slices.filter(Boolean).join('\r\n'),
    };
  }

  const cards: string[] = [];
  for (const { contact, photo } of rows) {
    await pause();
    const version = input.format === 'vcf3' ? '3.0' : '4.0';
    // A card kept as a phone or a file sent it is exported as it is, in its version.
    cards.push(
      await contactCardText(
        { contact, labels: labelsById.get(contact.id) ?? [], photo: embedded(deps.images, photo) },
        version,
        version,
      ),
    );
  }
  return {
    filename: `${base}.vcf`,
    contentType: 'text/vcard; charset=utf-8',
    content: cards.join(''),
  };
}

/**
 * Each of the person's contacts' label names, A to Z. Read by the account's labels, not by a
 * list of the exported ids: 10,000 ids as parameters held the event loop for ~100 ms while the
 * query was built (reliability/freeze.test.ts).
 */
export async function labelNames(db: Database, userId: string): Promise<Map<string, string[]>> {
  const byContact = new Map<string, string[]>();
  const rows = await db
    .select({ contactId: contactLabels.contactId, name: labels.name })
    .from(contactLabels)
    .innerJoin(labels, eq(labels.id, contactLabels.labelId))
    .where(eq(labels.userId, userId))
    .orderBy(asc(sql`lower(${labels.name})`));
  for (const row of rows) {
    byContact.set(row.contactId, [...(byContact.get(row.contactId) ?? []), row.name]);
  }
  return byContact;
}

/** Contacts read at a time. */
const READ_PAGE = 500;

/**
 * The contacts to export in name order, read `READ_PAGE` at a time (keyset on the sort name
 * and id): 10,000 cards mapped in one result held the event loop for over 100 ms
 * (reliability/freeze.test.ts), and between pages other requests are answered.
 */
async function exportedRows(db: Database, filter: SQL): Promise<ContactWithPhoto[]> {
  const rows: ContactWithPhoto[] = [];
  for (;;) {
    const last = rows.at(-1)?.contact;
    const page = await selectContactsWithPhoto(db, {}, { withCard: true })
      .where(
        and(
          filter,
          last
            ? sql`(${contacts.sortName}, ${contacts.id}) > (${last.sortName}, ${last.id})`
            : undefined,
        ),
      )
      .orderBy(asc(contacts.sortName), asc(contacts.id))
      .limit(READ_PAGE);
    rows.push(...page);
    if (page.length < READ_PAGE) return rows;
  }
}

/** A label name as a file-name part: `Book club` -> `book-club`. */
function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-') || 'label'
  );
}
