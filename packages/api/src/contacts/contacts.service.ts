import { schema, type Database } from '@kith/db';
import type {
  ContactCreateValues,
  ContactSort,
  ContactUpdateValues,
  LetterIndexInput,
} from '@kith/validators';
import { and, asc, count, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ApiDependencies } from '../trpc/context';
import {
  ConflictError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
} from '../shared/errors';
import { preparedQuery } from '../shared/prepared-query';
import { deleteImages, ownedImage } from '../images';
import { cardChanges, emptyCard } from './card';
import type { Contact, ContactListItem } from './contact-dto';
import { decodeCursor, encodeCursor } from './cursor';
import { listCondition, type ContactList } from './list-filter';
import {
  selectContactListItems,
  selectContactsWithPhoto,
  toDto,
  toListItem,
} from './contacts-with-photo';
import { accountRevision, listTotal } from './list-totals';
import { bookTransaction } from '../shared/write-transaction';
import { requestFingerprint } from './idempotency';
import { insertContactOnce, updateContactRows } from './writes';

/** 422 to a create whose Idempotency-Key came before with other data. */
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used to create a contact with different data. Send new data with a new key.';
/** 409 to a repeated create whose contact is in the Trash. */
export const IDEMPOTENCY_KEY_TRASHED =
  'The contact this Idempotency-Key created is in the Trash. Recover it from the Trash, or send a new key to create another.';

const { contacts, images } = schema;

export const CONTACT_NOT_FOUND = 'Contact not found.';
export const NO_MATCHING_CONTACTS = 'None of the selected contacts were found.';

type Deps = Pick<ApiDependencies, 'db' | 'images' | 'now'>;

export const CURSOR_OR_OFFSET = 'Give a cursor or an offset, not both';

/** One page of a list: its items, where the next page starts, and the list's size. */
export interface ListPage<Item> {
  items: Item[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /**
   * How many contacts the whole list holds, counted for the first page (no cursor) only; null
   * on the pages after it, whose callers keep the first page's count (a 100,000-contact book
   * would otherwise be counted again for each of its 99 pages).
   */
  total: number | null;
}

/** A page of whole contacts, as the SDK and REST read a list. */
export type ContactPage = ListPage<Contact>;

/** Where a page of a list starts, how long it is, its order and its label (`listInput`). */
export interface ListPageInput {
  cursor?: string | null;
  offset?: number;
  fromEnd?: boolean;
  limit?: number | null;
  sort?: ContactSort;
  labelId?: string;
}

/**
 * How each list is ordered (names A-Z by default, the trash newest first: docs/product/screens.md#contacts-list) and the
 * column its keyset cursor continues from. Ties are broken by id, in the same direction.
 */
const listOrders = {
  first_name: { column: contacts.sortName, direction: 'asc' },
  last_name: { column: contacts.sortFamilyName, direction: 'asc' },
  recently_added: { column: contacts.createdAt, direction: 'desc', timestamp: true },
  recently_edited: { column: contacts.updatedAt, direction: 'desc', timestamp: true },
  trash: { column: contacts.trashedAt, direction: 'desc', timestamp: true },
} as const;

type ListOrder = keyof typeof listOrders;

/** The columns a list's read adds to its rows: the cursor's key, and the account's revision. */
type ListColumns = {
  cursorKey: SQL<string>;
  revision: SQL<number | null>;
};

/**
 * One page of a list (the contacts, the favorites or the trash) as whole contacts: the contacts and
 * favorites in the `sort` order, the trash most recently deleted first; with `labelId`, only
 * the contacts carrying that label. A page starts after `cursor` or at position `offset`
 * (0-based; a window anywhere in the list); with `fromEnd` the window is the `limit` rows
 * ending `offset` rows before the list's end, still in list order, with no cursor. `total` counts the whole list on the first page
 * (no cursor, offset 0) and is null on the others. Without `limit` the rest of the list comes
 * at once.
 *
 * @throws ValidationError for a cursor that is malformed or came from another order, or for
 *   a cursor and an offset together.
 */
export async function listContacts(
  deps: Pick<Deps, 'db' | 'images'>,
  userId: string,
  list: ContactList,
  page: ListPageInput = {},
): Promise<ContactPage> {
  return readListPage(
    deps.db,
    userId,
    list,
    page,
    'contacts',
    (columns) => selectContactsWithPhoto(deps.db, columns).$dynamic(),
    (row) => toDto(deps.images, row),
  );
}

/**
 * `listContacts` with each contact as a list screen's row (`ContactListItem`): the same
 * pages, order, cursors and totals, a third of the bytes.
 *
 * @throws ValidationError as `listContacts` does.
 */
export async function listContactItems(
  deps: Pick<Deps, 'db' | 'images'>,
  userId: string,
  list: ContactList,
  page: ListPageInput = {},
): Promise<ListPage<ContactListItem>> {
  return readListPage(
    deps.db,
    userId,
    list,
    page,
    'items',
    (columns) => selectContactListItems(deps.db, columns).$dynamic(),
    (row) => toListItem(deps.images, row),
  );
}

/** What the paging reads of every row, whatever its columns. */
interface ListRowHead {
  cursorKey: string;
  revision: number | null;
  contact: { id: string };
}

/**
 * A window's query, prepared once per database and shape (`reader`, list, order, direction,
 * with or without a label, head or not: a few dozen at most), so neither Drizzle nor
 * PostgreSQL builds or plans it again for each window a screen reads.
 */
const windowsByDatabase = new WeakMap<Database, Map<string, PreparedWindow>>();
interface PreparedWindow {
  execute(values: Record<string, unknown>): Promise<unknown>;
}
function preparedWindow(db: Database, shape: string, prepare: () => PreparedWindow) {
  let windows = windowsByDatabase.get(db);
  if (!windows) windowsByDatabase.set(db, (windows = new Map()));
  let window = windows.get(shape);
  if (!window) windows.set(shape, (window = prepare()));
  return window;
}

/**
 * A page of `list` read through `select` (a contact select with the list's columns added;
 * `reader` names it), each row made an item by `toItem`: the paging of `listContacts`.
 */
async function readListPage<Query extends PgSelect, Item>(
  db: Database,
  userId: string,
  list: ContactList,
  page: ListPageInput,
  reader: 'contacts' | 'items',
  select: (columns: ListColumns) => Query,
  toItem: (row: Query['_']['result'][number]) => Item,
): Promise<ListPage<Item>> {
  if (page.cursor && (page.offset !== undefined || page.fromEnd)) {
    throw new ValidationError(CURSOR_OR_OFFSET, { offset: [CURSOR_OR_OFFSET] });
  }
  const orderName: ListOrder = list === 'trash' ? 'trash' : (page.sort ?? 'first_name');
  const order = listOrders[orderName];
  const after = page.cursor ? decodeCursor(page.cursor, orderName) : null;
  const compare = order.direction === 'asc' ? sql`>` : sql`<`;
  const cursorCondition = after
    ? 'timestamp' in order
      ? sql`(${order.column}, ${contacts.id}) ${compare} (${after.key}::timestamptz, ${after.id}::uuid)`
      : sql`(${order.column}, ${contacts.id}) ${compare} (${after.key}, ${after.id}::uuid)`
    : undefined;
  // From the end: the order reversed, read from its start, and the rows turned back.
  const by = (order.direction === 'asc') !== Boolean(page.fromEnd) ? asc : desc;
  // Counted for the list's head only: a window further down keeps the head's count.
  const counted = !after && !page.offset && !page.fromEnd;

  const build = (values: { userId: string | Placeholder; labelId?: string | Placeholder }) =>
    select({
      // The database's own text of the sort key: timestamps keep their microseconds.
      cursorKey: sql<string>`${order.column}::text`,
      // The head's rows say which revision of the account they are, for its kept size.
      revision: counted ? accountRevision(values.userId) : sql<null>`null`,
    })
      .where(and(listCondition(values.userId, list, values.labelId), cursorCondition))
      .orderBy(by(order.column), by(contacts.id));
  let read: Query['_']['result'];
  if (after || !page.limit) {
    const query = build({ userId, labelId: page.labelId });
    if (page.offset) query.offset(page.offset);
    if (page.limit) query.limit(page.limit + 1);
    read = await query;
  } else {
    // A window by position, the way every list screen reads: one prepared statement per
    // shape of window (see `preparedWindow`).
    const shape = [
      reader,
      list,
      orderName,
      page.fromEnd ? 'end' : 'start',
      page.labelId ? 'label' : 'all',
      counted ? 'head' : 'body',
    ].join('_');
    const window = preparedWindow(db, shape, () =>
      build({
        userId: sql.placeholder('userId'),
        labelId: page.labelId ? sql.placeholder('labelId') : undefined,
      })
        .offset(sql.placeholder('offset'))
        .limit(sql.placeholder('limit'))
        .prepare(`list_window_${shape}`),
    );
    read = (await window.execute({
      userId,
      labelId: page.labelId,
      offset: page.offset ?? 0,
      limit: page.limit + 1,
    })) as Query['_']['result'];
  }
  const rows = page.fromEnd ? read.reverse() : read;
  const head = (row: unknown) => row as ListRowHead | undefined;
  const total = counted
    ? await listTotal(
        db,
        userId,
        listKey(list, page.labelId),
        listCondition(userId, list, page.labelId),
        head(rows[0])?.revision ?? null,
      )
    : null;

  const hasMore = Boolean(page.limit) && rows.length > page.limit!;
  // From the end, the extra row read is the one before the window.
  const visible = hasMore ? (page.fromEnd ? rows.slice(1) : rows.slice(0, page.limit!)) : rows;
  const last = head(visible.at(-1));
  return {
    items: visible.map(toItem),
    nextCursor:
      hasMore && last && !page.fromEnd
        ? encodeCursor({ key: last.cursorKey, id: last.contact.id, order: orderName })
        : null,
    total,
  };
}

/** A list's name within its account, for its kept size: the list, and its label if any. */
const listKey = (list: ContactList, labelId?: string) => (labelId ? `${list}:${labelId}` : list);

/**
 * One of the person's contacts, trashed or not.
 *
 * @throws NotFoundError when it does not exist or is someone else's.
 */
export async function getContact(
  deps: Pick<Deps, 'db' | 'images'>,
  userId: string,
  id: string,
): Promise<Contact> {
  const [row] = await contactById(deps.db).execute({ userId, id });
  if (!row) throw new NotFoundError(CONTACT_NOT_FOUND);
  return toDto(deps.images, row);
}

/** One contact of one account with its photo: the detail screen's read, prepared. */
const contactById = preparedQuery((db) =>
  selectContactsWithPhoto(db)
    .where(
      and(eq(contacts.userId, sql.placeholder('userId')), eq(contacts.id, sql.placeholder('id'))),
    )
    .prepare('contact_by_id'),
);

/**
 * Creates a contact from the card's parts. A photo must be an image the person uploaded.
 * With an `idempotencyKey` the person already created a contact with, nothing is created
 * (a double click or a retry makes one contact), and the rule of IETF
 * draft-ietf-httpapi-idempotency-key-header applies to the repeat:
 * - same data (same `requestFingerprint`): that contact is answered, as the first time;
 * - other data: UnprocessableError (422, draft §2.7), nothing changes;
 * - same data but that contact is in the Trash: ConflictError (409), since answering it as
 *   if it were live would be wrong; recovered, it is answered again;
 * - that contact was deleted for good: the key went with it, so the request is a new one
 *   and makes a new contact (the draft lets a server forget a key, §2.3).
 *
 * @throws NotFoundError when `photo` is not the person's image.
 * @throws UnprocessableError when the key was used before with different data.
 * @throws ConflictError when the key's contact is in the Trash.
 */
export async function createContact(
  deps: Deps,
  userId: string,
  values: ContactCreateValues,
): Promise<Contact> {
  const photoImageId = values.photo ?? null;
  const idempotencyKey = values.idempotencyKey ?? null;
  const idempotencyFingerprint = idempotencyKey ? requestFingerprint(values) : null;
  return bookTransaction(deps.db, userId, async (tx) => {
    if (photoImageId) await attachImage(tx, userId, photoImageId, deps.now());
    const inserted = await insertContactOnce(tx as Database, {
      userId,
      idempotencyKey,
      idempotencyFingerprint,
      givenName: values.givenName,
      familyName: values.familyName,
      photoImageId,
      ...emptyCard(),
      ...cardChanges(values),
      ...orgColumns(values),
      ...birthdayColumns(values.birthday ?? null),
    });
    const id =
      inserted ??
      (await contactWithKey(tx as Database, userId, idempotencyKey!, idempotencyFingerprint!));
    return getContact({ db: tx as Database, images: deps.images }, userId, id);
  });
}

/**
 * The live contact an earlier create with `key` made, for a repeat with `fingerprint`.
 * @throws UnprocessableError when that create carried other data; ConflictError when the
 *   contact is in the Trash.
 */
async function contactWithKey(
  db: Database,
  userId: string,
  key: string,
  fingerprint: string,
): Promise<string> {
  const [row] = await db
    .select({
      id: contacts.id,
      fingerprint: contacts.idempotencyFingerprint,
      trashedAt: contacts.trashedAt,
    })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.idempotencyKey, key)));
  // A row from before fingerprints were kept has none: its repeat is answered as before.
  if (row!.fingerprint !== null && row!.fingerprint !== fingerprint) {
    throw new UnprocessableError(IDEMPOTENCY_KEY_REUSED);
  }
  if (row!.trashedAt) throw new ConflictError(IDEMPOTENCY_KEY_TRASHED);
  return row!.id;
}

/** The parts of a name: a change to any of them makes FN follow the parts again. */
const NAME_PARTS = [
  'givenName',
  'familyName',
  'additionalNames',
  'honorificPrefixes',
  'honorificSuffixes',
] as const;

/**
 * Changes the given parts of a contact; lists are replaced whole. A new photo replaces and
 * deletes the old image; `photo: null` removes the photo and deletes its image.
 *
 * @throws NotFoundError for an unknown or foreign contact, or a photo that is not the person's.
 */
export async function updateContact(
  deps: Deps,
  userId: string,
  id: string,
  values: ContactUpdateValues,
): Promise<Contact> {
  const { contact, replacedImageId } = await bookTransaction(deps.db, userId, async (tx) => {
    const [current] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.userId, userId), eq(contacts.id, id)))
      .for('update');
    if (!current) throw new NotFoundError(CONTACT_NOT_FOUND);

    const changes: Partial<typeof contacts.$inferInsert> = cardChanges(values);
    if (values.givenName !== undefined) changes.givenName = values.givenName;
    if (values.familyName !== undefined) changes.familyName = values.familyName;
    // A name edited in Kith is the whole name now: FN follows its parts again.
    if (NAME_PARTS.some((part) => part in changes && changes[part] !== current[part])) {
      changes.formattedName = '';
      changes.nameIsStandIn = false;
    }
    Object.assign(changes, orgColumns(values));
    if (values.birthday !== undefined) Object.assign(changes, birthdayColumns(values.birthday));

    let replaced: string | null = null;
    if (values.photo !== undefined && values.photo !== current.photoImageId) {
      if (values.photo) await attachImage(tx, userId, values.photo, deps.now());
      changes.photoImageId = values.photo;
      replaced = current.photoImageId;
    }
    await updateContactRows(tx as Database, userId, eq(contacts.id, id), {
      ...changes,
      updatedAt: deps.now(),
    });
    return {
      contact: await getContact({ db: tx as Database, images: deps.images }, userId, id),
      replacedImageId: replaced,
    };
  });
  if (replacedImageId) await deleteImages(deps, userId, [replacedImageId]);
  return contact;
}

async function attachImage(db: Database, userId: string, imageId: string, now: Date) {
  await ownedImage(db, userId, imageId);
  await db.update(images).set({ attachedAt: now }).where(eq(images.id, imageId));
}

const orNull = (value: string) => value || null;

/** The ORG and TITLE columns of the parts given ('' clears one). */
function orgColumns(values: { org?: string; title?: string }) {
  const columns: { org?: string | null; title?: string | null } = {};
  if (values.org !== undefined) columns.org = orNull(values.org);
  if (values.title !== undefined) columns.title = orNull(values.title);
  return columns;
}

/** The birthday's columns; null clears them. */
function birthdayColumns(birthday: ContactCreateValues['birthday'] | null) {
  return {
    birthdayDay: birthday?.day ?? null,
    birthdayMonth: birthday?.month ?? null,
    birthdayYear: birthday?.year ?? null,
  };
}

/** One letter of a list's A-Z index: the letter, and the position of its first contact. */
export interface LetterIndexEntry {
  /** `A` to `Z` (names are folded, so `É` counts as `E`), or `#` for every other start. */
  letter: string;
  /** 0-based position in the list of the first contact under the letter. */
  position: number;
}

/**
 * The A-Z index of a list sorted by name, for the rail at its right edge and the letter
 * headers: each letter that starts a name, in list order, with the position of its first
 * contact, so a tap jumps there without the rows before it being read; `#` for each run of
 * names that start with no letter, so twice when there are such names before A and after Z
 * (docs/product/screens.md#keyboard). One grouped scan of the list's name index.
 */
export async function letterIndex(
  db: Database,
  userId: string,
  input: LetterIndexInput,
): Promise<LetterIndexEntry[]> {
  const column = input.sort === 'last_name' ? contacts.sortFamilyName : contacts.sortName;
  const initial = sql<string>`left(${column}, 1)`;
  const first = sql<string>`min(${column})`;
  const groups = await db
    .select({ initial, count: count() })
    .from(contacts)
    .where(listCondition(userId, input.list, input.labelId))
    .groupBy(initial)
    // Each initial's rows sit together in the list, in the order of their smallest name.
    .orderBy(first);
  const entries: LetterIndexEntry[] = [];
  let position = 0;
  for (const group of groups) {
    const letter = /^[a-z]$/i.test(group.initial) ? group.initial.toUpperCase() : '#';
    // Several initials make one run under '#' (digits and signs before A; other scripts and
    // emoji after Z): a run gets one entry, and a book with both runs gets '#' twice.
    if (entries.at(-1)?.letter !== letter) entries.push({ letter, position });
    position += group.count;
  }
  return entries;
}
