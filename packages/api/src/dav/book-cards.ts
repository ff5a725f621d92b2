import { executeRows, schema, type Database } from '@kith/db';
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { type ContactWithPhoto, selectContactsWithPhoto } from '../contacts';
import type { VCardVersion } from '../vcard/write';
import { preparedQuery } from '../shared/prepared-query';

const { contacts, contactLabels, labels, davTombstones } = schema;

/** A contact as a card: its row, its photo, its label names (CATEGORIES). */
export interface ContactCard extends ContactWithPhoto {
  labels: string[];
}

/** A label as Apple's clients see it: a group card listing its members' UIDs. */
export interface GroupCard {
  id: string;
  uid: string;
  name: string;
  members: string[];
  /** Made from a card's CATEGORIES by an upload (`labels.made_from_card`). */
  madeFromCard: boolean;
}

/**
 * Whether a label is a group card now: not one an upload made from CATEGORIES while none of
 * its contacts is out of the Trash (a phone would show an empty group for a card it deleted;
 * docs/card-is-the-record.md).
 */
function isGroupShown(card: BookCard): boolean {
  return card.kind !== 'group' || !card.group.madeFromCard || card.group.members.length > 0;
}

/** One card of the address book: a contact, or (for Apple's clients) a label's group card. */
export type BookCard = { name: string; revision: number; updatedAt: Date } & (
  { kind: 'contact'; contact: ContactCard } | { kind: 'group'; group: GroupCard }
);

/**
 * What a listing says of a card without reading its text (PROPFIND Depth 1 for the ETags, a
 * sync-collection that asks for no address-data): its resource name, revision (the ETag's),
 * last change, and the vCard version it is kept in (its own representation's).
 */
export interface CardHead {
  name: string;
  revision: number;
  updatedAt: Date;
  version: VCardVersion;
}

/** Which cards a client's listings show: group cards only to the clients that keep them. */
export interface BookView {
  userId: string;
  groups: boolean;
}

/** Cards read at a time while a long answer is streamed. */
export const CARD_PAGE = 200;

/**
 * A contact's label names (its CATEGORIES), read in the same query as the contact: one
 * round trip for a page of cards, not one for the rows and one for their labels.
 */
const labelNames = sql<string[]>`array(
  select ${labels.name} from ${contactLabels}
  join ${labels} on ${labels.id} = ${contactLabels.labelId}
  where ${contactLabels.contactId} = ${contacts.id}
  order by lower(${labels.name}))`;

/** Contacts with their stored cards, photos and label names; callers add where, order, limit. */
function selectContactCards(db: Database) {
  return selectContactsWithPhoto(db, { labels: labelNames }, { withCard: true });
}

type ContactCardRow = ContactWithPhoto & { labels: string[] };

/**
 * The live contacts of an account among some resource names, with their cards: a multiget's
 * read, one per page of hrefs, so it is prepared once (`preparedQuery`) rather than built and
 * planned on every page.
 */
const contactCardsByName = preparedQuery((db) =>
  selectContactCards(db)
    .where(
      and(
        eq(contacts.userId, sql.placeholder('userId')),
        isNull(contacts.trashedAt),
        sql`${contacts.davName} = any(${sql.placeholder('names')}::text[])`,
      ),
    )
    .prepare('dav_contact_cards_by_name'),
);

function contactCard({ labels: names, ...row }: ContactCardRow): BookCard {
  return {
    kind: 'contact',
    name: row.contact.davName,
    revision: row.contact.revision,
    updatedAt: row.contact.updatedAt,
    contact: { ...row, labels: names },
  };
}

/**
 * `values` as a PostgreSQL array literal (each element quoted), sent as one `text[]`
 * parameter for `= any(…)`: one parameter however many values, where an IN list has one each.
 */
function textArrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

function textArray(values: string[]): SQL {
  return sql`${textArrayLiteral(values)}::text[]`;
}

type LabelRow = Pick<
  typeof labels.$inferSelect,
  'id' | 'uid' | 'name' | 'davName' | 'revision' | 'updatedAt' | 'madeFromCard'
>;

const labelColumns = {
  id: labels.id,
  uid: labels.uid,
  name: labels.name,
  davName: labels.davName,
  revision: labels.revision,
  updatedAt: labels.updatedAt,
  madeFromCard: labels.madeFromCard,
};

async function groupCards(db: Database, rows: LabelRow[]): Promise<BookCard[]> {
  if (rows.length === 0) return [];
  const members = await db
    .select({ labelId: contactLabels.labelId, uid: contacts.uid })
    .from(contactLabels)
    .innerJoin(contacts, eq(contacts.id, contactLabels.contactId))
    .where(
      and(
        inArray(
          contactLabels.labelId,
          rows.map((r) => r.id),
        ),
        isNull(contacts.trashedAt),
      ),
    )
    .orderBy(asc(contacts.uid));
  return rows.map((row) => ({
    kind: 'group',
    name: row.davName,
    revision: row.revision,
    updatedAt: row.updatedAt,
    group: {
      id: row.id,
      uid: row.uid,
      name: row.name,
      members: members.filter((m) => m.labelId === row.id).map((m) => m.uid),
      madeFromCard: row.madeFromCard,
    },
  }));
}

/** The view's group cards shown now, by resource name, `CARD_PAGE` at a time; none without groups. */
async function* shownGroupCards(db: Database, view: BookView): AsyncGenerator<BookCard[]> {
  if (!view.groups) return;
  const groups = await db
    .select(labelColumns)
    .from(labels)
    .where(eq(labels.userId, view.userId))
    .orderBy(asc(labels.davName));
  for (let i = 0; i < groups.length; i += CARD_PAGE) {
    yield (await groupCards(db, groups.slice(i, i + CARD_PAGE))).filter(isGroupShown);
  }
}

/** The account's contacts out of the Trash whose resource name sorts after `after` (all for null). */
function liveContactsAfter(userId: string, after: string | null): SQL | undefined {
  return and(
    eq(contacts.userId, userId),
    isNull(contacts.trashedAt),
    after === null ? undefined : gt(contacts.davName, after),
  );
}

/**
 * The book's cards: its group cards first (when the view has them), then its contacts not in
 * the trash in resource-name order, `CARD_PAGE` at a time, so a 10,000-card answer never
 * holds the book in memory.
 */
export async function* activeCards(db: Database, view: BookView): AsyncGenerator<BookCard[]> {
  yield* shownGroupCards(db, view);
  let after: string | null = null;
  for (;;) {
    const page = await selectContactCards(db)
      .where(liveContactsAfter(view.userId, after))
      .orderBy(asc(contacts.davName))
      .limit(CARD_PAGE);
    if (page.length === 0) return;
    yield page.map(contactCard);
    if (page.length < CARD_PAGE) return;
    after = page.at(-1)!.contact.davName;
  }
}

/** Card heads read at a time while a listing is streamed: small rows, so more than `CARD_PAGE`. */
export const HEAD_PAGE = 1000;

/**
 * The version a stored card declares, read by PostgreSQL from the text as
 * `storedCardVersion` reads it in JavaScript: the first `VERSION:` line's value, any case, at
 * the start of a line (the `n` option: newline-sensitive `^` and `$`), CR LF or LF. Reading
 * it in the database keeps each card's text out of a listing's answer.
 */
const STORED_VERSION_PATTERN = '(?in)^VERSION:[ \\t]*([0-9]\\.[0-9])[ \\t]*\\r?$';

/** A card's own version from what the database read of its stored text (null: none), as `nativeVersion` gives it. */
function versionOf(declared: string | null): VCardVersion {
  return declared === '4.0' ? '4.0' : '3.0';
}

/**
 * The heads of the book's cards in the order `activeCards` gives them (group cards first, when
 * the view has them, then contacts not in the trash by resource name), `HEAD_PAGE` at a time:
 * a listing of 10,000 cards reads four columns a contact, not its text, photo and labels.
 */
export async function* activeCardHeads(db: Database, view: BookView): AsyncGenerator<CardHead[]> {
  for await (const page of shownGroupCards(db, view)) {
    // A group card is always written by Kith, in 3.0.
    yield page.map(({ name, revision, updatedAt }) => ({
      name,
      revision,
      updatedAt,
      version: '3.0',
    }));
  }
  let after: string | null = null;
  for (;;) {
    const page = await db
      .select({
        name: contacts.davName,
        revision: contacts.revision,
        updatedAt: contacts.updatedAt,
        declared: sql<string | null>`substring(${contacts.card} from ${STORED_VERSION_PATTERN})`,
      })
      .from(contacts)
      .where(liveContactsAfter(view.userId, after))
      .orderBy(asc(contacts.davName))
      .limit(HEAD_PAGE);
    if (page.length === 0) return;
    yield page.map(({ declared, ...head }) => ({ ...head, version: versionOf(declared) }));
    if (page.length < HEAD_PAGE) return;
    after = page.at(-1)!.name;
  }
}

/** The cards among `names` (a multiget, a GET); missing names are simply absent. */
export async function cardsByName(
  db: Database,
  view: BookView,
  names: string[],
): Promise<Map<string, BookCard>> {
  const found = new Map<string, BookCard>();
  for (let i = 0; i < names.length; i += CARD_PAGE) {
    const slice = names.slice(i, i + CARD_PAGE);
    const rows = await contactCardsByName(db).execute({
      userId: view.userId,
      names: textArrayLiteral(slice),
    });
    for (const row of rows) found.set(row.contact.davName, contactCard(row));
    // A group card is found by its name whatever the client: one that PUT a group reads it
    // back. Only the names no contact has are looked for among the labels.
    const rest = slice.filter((name) => !found.has(name));
    if (rest.length === 0) continue;
    const groups = await db
      .select(labelColumns)
      .from(labels)
      .where(and(eq(labels.userId, view.userId), sql`${labels.davName} = any(${textArray(rest)})`));
    for (const card of await groupCards(db, groups)) {
      if (isGroupShown(card)) found.set(card.name, card);
    }
  }
  return found;
}

/** One entry of a `sync-collection` answer: a card changed, or a name now gone. */
export type Change = { name: string } & ({ card: BookCard } | { gone: true });

/**
 * What changed in the book after `revision` (RFC 6578 §3.4), `CARD_PAGE` at a time: group
 * cards (for Apple's clients), contacts created or changed, contacts trashed, and cards
 * deleted for good. A name deleted and then taken again is reported once, as it is now.
 */
export async function* changesSince(
  db: Database,
  view: BookView,
  revision: number,
): AsyncGenerator<Change[]> {
  if (view.groups) {
    const groups = await db
      .select(labelColumns)
      .from(labels)
      .where(and(eq(labels.userId, view.userId), gt(labels.revision, revision)))
      .orderBy(asc(labels.revision));
    for (let i = 0; i < groups.length; i += CARD_PAGE) {
      const cards = await groupCards(db, groups.slice(i, i + CARD_PAGE));
      yield cards.map((card) =>
        isGroupShown(card) ? { name: card.name, card } : { name: card.name, gone: true },
      );
    }
  }
  let after = revision;
  for (;;) {
    const rows = await selectContactCards(db)
      .where(and(eq(contacts.userId, view.userId), gt(contacts.revision, after)))
      .orderBy(asc(contacts.revision))
      .limit(CARD_PAGE);
    const changes: Change[] = rows.map((row) =>
      row.contact.trashedAt
        ? { name: row.contact.davName, gone: true }
        : { name: row.contact.davName, card: contactCard(row) },
    );
    if (changes.length > 0) yield changes;
    if (rows.length < CARD_PAGE) break;
    after = rows.at(-1)!.contact.revision;
  }
  // Deleted for good: each name once, and not when a card has it again now.
  const tombstones = await db
    .selectDistinctOn([davTombstones.davName], { name: davTombstones.davName })
    .from(davTombstones)
    .where(
      and(
        eq(davTombstones.userId, view.userId),
        gt(davTombstones.revision, revision),
        view.groups ? undefined : eq(davTombstones.kind, 'contact'),
      ),
    )
    .orderBy(davTombstones.davName);
  for (let i = 0; i < tombstones.length; i += CARD_PAGE) {
    const names = tombstones.slice(i, i + CARD_PAGE).map((t) => t.name);
    const taken = new Set(
      (
        await db
          .select({ name: contacts.davName })
          .from(contacts)
          .where(and(eq(contacts.userId, view.userId), inArray(contacts.davName, names)))
          .union(
            db
              .select({ name: labels.davName })
              .from(labels)
              .where(and(eq(labels.userId, view.userId), inArray(labels.davName, names))),
          )
      ).map((r) => r.name),
    );
    const gone: Change[] = names.filter((n) => !taken.has(n)).map((name) => ({ name, gone: true }));
    if (gone.length > 0) yield gone;
  }
}

/** At most this many changes of a `sync-collection` that asks for fewer (RFC 6578 §3.6). */
export interface LimitedChanges {
  changes: Change[];
  /** The revision of the last change given: the sync token to continue from. */
  revision: number;
  /** Whether changes after `revision` were left for the next request. */
  truncated: boolean;
}

/**
 * The first `limit` changes after `revision`, in the order they were made (RFC 6578 §3.6: a
 * `DAV:limit` the server keeps to), so the token of the last one given loses nothing: contacts
 * and (in the view) group cards changed, trashed or deleted since. With `initial` (a sync
 * without a token) only the cards there now are listed.
 */
export async function limitedChanges(
  db: Database,
  view: BookView,
  revision: number,
  limit: number,
  initial: boolean,
): Promise<LimitedChanges> {
  const rows = await executeRows<{ kind: string; id: string; revision: string }>(
    db,
    sql`
    select kind, id, revision from (
      select 'contact' as kind, ${contacts.id}::text as id, ${contacts.revision} as revision
        from ${contacts}
        where ${contacts.userId} = ${view.userId} and ${contacts.revision} > ${revision}
          ${initial ? sql`and ${contacts.trashedAt} is null` : sql``}
      ${
        view.groups
          ? sql`union all select 'group', ${labels.id}::text, ${labels.revision} from ${labels}
              where ${labels.userId} = ${view.userId} and ${labels.revision} > ${revision}`
          : sql``
      }
      ${
        initial
          ? sql``
          : sql`union all select 'gone', ${davTombstones.davName}, ${davTombstones.revision}
              from ${davTombstones}
              where ${davTombstones.userId} = ${view.userId} and ${davTombstones.revision} > ${revision}
              ${view.groups ? sql`` : sql`and ${davTombstones.kind} = 'contact'`}`
      }
    ) changes
    order by revision
    limit ${limit + 1}`,
  );
  const given = rows.slice(0, limit);
  const ids = (kind: string) => given.filter((r) => r.kind === kind).map((r) => r.id);
  const contactRows =
    ids('contact').length > 0
      ? await selectContactCards(db).where(inArray(contacts.id, ids('contact')))
      : [];
  const live = contactRows.filter((r) => !r.contact.trashedAt).map(contactCard);
  const groups =
    ids('group').length > 0
      ? await groupCards(
          db,
          await db
            .select(labelColumns)
            .from(labels)
            .where(inArray(labels.id, ids('group'))),
        )
      : [];
  const byId = new Map<string, Change>();
  for (const card of live) {
    if (card.kind === 'contact')
      byId.set(`contact:${card.contact.contact.id}`, { name: card.name, card });
  }
  for (const card of groups) {
    if (card.kind !== 'group') continue;
    byId.set(
      `group:${card.group.id}`,
      isGroupShown(card) ? { name: card.name, card } : { name: card.name, gone: true },
    );
  }
  for (const row of contactRows) {
    if (row.contact.trashedAt)
      byId.set(`contact:${row.contact.id}`, { name: row.contact.davName, gone: true });
  }
  const changes: Change[] = [];
  const named = new Map<string, number>();
  for (const row of given) {
    const change: Change | undefined =
      row.kind === 'gone' ? { name: row.id, gone: true } : byId.get(`${row.kind}:${row.id}`);
    // A first sync lists only what is there: no hidden group as gone.
    if (!change || (initial && 'gone' in change)) continue;
    // A name deleted and taken again is reported once, as it is now (the later change).
    const earlier = named.get(change.name);
    if (earlier !== undefined) changes.splice(earlier, 1, change);
    else {
      named.set(change.name, changes.length);
      changes.push(change);
    }
  }
  return {
    changes,
    revision: given.length > 0 ? Number(given.at(-1)!.revision) : revision,
    truncated: rows.length > limit,
  };
}
