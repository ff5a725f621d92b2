import { schema, type ChangeSource, type ContactSnapshot, type LabelSnapshot } from '@kith/db';
import { and, asc, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import { rowOfSnapshot, toContact } from '../contacts';
import { HISTORY_MS } from '../history';
import type { ApiDependencies } from '../trpc/context';

const { contacts, contactVersions, images, labelVersions } = schema;

/** Versions read per query: memory stays flat however long the history is. */
const PAGE_SIZE = 500;

type Deps = Pick<ApiDependencies, 'db' | 'now'>;
type ContactRow = Parameters<typeof toContact>[0];

/** `photos/<name>.webp`: where a photo sits in the archive, named by its contact or image. */
export const photoPath = (name: string, contentType: string) =>
  `photos/${name}.${contentType.split('/')[1] ?? 'bin'}`;

/** A photo versions of the history show. */
export interface HistoryPhoto {
  /** Where the photo sits in the archive. */
  file: string;
  /** Its bytes in storage, set when only the history shows it (else a contact's file has them). */
  storageKey: string | null;
}

/** The oldest moment the history keeps (docs/history.md#retention), against the deps' clock. */
export const historySince = (deps: Deps) => new Date(deps.now().getTime() - HISTORY_MS);

/**
 * The photos the person's contact versions since `since` show, by image id. A photo a contact
 * shows now is its contact's file in `photos/`; a photo only versions still show (replaced or
 * removed since, kept for the history: docs/history.md#photos) gets a file of its own,
 * `photos/history/<imageId>.webp`, with its `storageKey` for the archive to fetch.
 */
export async function historyPhotos(
  deps: Deps,
  userId: string,
  since: Date,
): Promise<Map<string, HistoryPhoto>> {
  const shown = deps.db
    .selectDistinct({ imageId: contactVersions.photoImageId })
    .from(contactVersions)
    .where(
      and(
        eq(contactVersions.userId, userId),
        gte(contactVersions.recordedAt, since),
        isNotNull(contactVersions.photoImageId),
      ),
    )
    .as('shown');
  const rows = await deps.db
    .select({
      id: images.id,
      key: images.storageKey,
      contentType: images.contentType,
      contactId: sql<string | null>`min(${contacts.id}::text)`,
    })
    .from(shown)
    .innerJoin(images, and(eq(images.id, shown.imageId), eq(images.ownerId, userId)))
    .leftJoin(contacts, and(eq(contacts.photoImageId, images.id), eq(contacts.userId, userId)))
    .groupBy(images.id, images.storageKey, images.contentType);
  return new Map(
    rows.map((row): [string, HistoryPhoto] => [
      row.id,
      row.contactId
        ? { file: photoPath(row.contactId, row.contentType), storageKey: null }
        : { file: photoPath(`history/${row.id}`, row.contentType), storageKey: row.key },
    ]),
  );
}

/** One kept version of a contact, as `history.json` lists it. */
function contactEntry(
  userId: string,
  version: {
    id: string;
    contactId: string;
    recordedAt: Date;
    source: ChangeSource | null;
    card: ContactSnapshot | null;
  },
  photos: Map<string, HistoryPhoto>,
) {
  let before = null;
  if (version.card) {
    const contact = toContact(rowOfSnapshot(userId, version.card) as ContactRow, null);
    before = {
      ...contact,
      photo: contact.photo && {
        imageId: contact.photo.imageId,
        file: photos.get(contact.photo.imageId)?.file ?? null,
      },
      labels: version.card.labels,
    };
  }
  const { id: versionId, contactId, recordedAt, source } = version;
  return { versionId, contactId, recordedAt, source, before };
}

/** One kept version of a label: its name and card identity as they were. */
function labelEntry(version: {
  id: string;
  labelId: string;
  recordedAt: Date;
  source: ChangeSource | null;
  label: LabelSnapshot | null;
}) {
  const { id: versionId, labelId, recordedAt, source, label } = version;
  const before = label && {
    name: String(label.name),
    uid: label.uid ?? null,
    createdAt: label.created_at ?? null,
    updatedAt: label.updated_at ?? null,
  };
  return { versionId, labelId, recordedAt, source, before };
}

/**
 * Reads a table of versions oldest first, a page at a time, by `(recorded_at, id)`: the
 * cursor keeps the database's microseconds, which a JavaScript Date would round away.
 */
async function* versionPages<Row extends { id: string }>(
  read: (after: SQL | undefined) => Promise<(Row & { cursor: string })[]>,
  table: typeof contactVersions | typeof labelVersions,
): AsyncGenerator<Row[]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1)!;
    after = sql`(${table.recordedAt}, ${table.id}) > (${last.cursor}::timestamptz, ${last.id}::uuid)`;
  }
}

/**
 * `history.json` of the data export (docs/history.md#in-the-data-export), written as a stream:
 * every version of the person's contacts and labels the history keeps (the last 30 days),
 * oldest first. A version holds its contact (or label) as it was just before the change
 * recorded at `recordedAt`, through `source`; `before` is null when that change created it.
 * A contact's `before` is in the API's shape with its labels, and its photo names its file in
 * the archive (`photos`, from `historyPhotos`).
 */
export async function* historyJson(
  deps: Deps,
  userId: string,
  since: Date,
  photos: Map<string, HistoryPhoto>,
): AsyncGenerator<string> {
  const about = {
    keptDays: HISTORY_MS / (24 * 60 * 60_000),
    since,
    about:
      'Each version holds a contact or a label as it was just before the change recorded at ' +
      'recordedAt, made through source; before is null when that change created it.',
  };
  yield `${JSON.stringify(about, null, 2).slice(0, -2)},\n  "contacts": [`;
  let first = true;
  const contactPages = versionPages(
    (after) =>
      deps.db
        .select({
          id: contactVersions.id,
          contactId: contactVersions.contactId,
          recordedAt: contactVersions.recordedAt,
          source: contactVersions.source,
          card: contactVersions.card,
          cursor: sql<string>`${contactVersions.recordedAt}::text`,
        })
        .from(contactVersions)
        .where(
          and(eq(contactVersions.userId, userId), gte(contactVersions.recordedAt, since), after),
        )
        .orderBy(asc(contactVersions.recordedAt), asc(contactVersions.id))
        .limit(PAGE_SIZE),
    contactVersions,
  );
  for await (const page of contactPages) {
    for (const { cursor: _, ...version } of page) {
      yield `${first ? '\n' : ',\n'}    ${JSON.stringify(contactEntry(userId, version, photos))}`;
      first = false;
    }
  }
  yield `${first ? '' : '\n  '}],\n  "labels": [`;
  first = true;
  const labelPages = versionPages(
    (after) =>
      deps.db
        .select({
          id: labelVersions.id,
          labelId: labelVersions.labelId,
          recordedAt: labelVersions.recordedAt,
          source: labelVersions.source,
          label: labelVersions.label,
          cursor: sql<string>`${labelVersions.recordedAt}::text`,
        })
        .from(labelVersions)
        .where(and(eq(labelVersions.userId, userId), gte(labelVersions.recordedAt, since), after))
        .orderBy(asc(labelVersions.recordedAt), asc(labelVersions.id))
        .limit(PAGE_SIZE),
    labelVersions,
  );
  for await (const page of labelPages) {
    for (const { cursor: _, ...version } of page) {
      yield `${first ? '\n' : ',\n'}    ${JSON.stringify(labelEntry(version))}`;
      first = false;
    }
  }
  yield `${first ? '' : '\n  '}]\n}\n`;
}
