import { schema, type Database } from '@kith/db';
import { and, eq, inArray, sql } from 'drizzle-orm';

/**
 * Every write of `labels` and `contact_labels` another domain makes (an import, its undo, a
 * CardDAV card or group card), so labels/ stays their one writer. Each runs in the caller's
 * transaction, which holds the account's book lock (`bookTransaction`), and takes the ids it
 * is given as the account's own: the caller found them in that account's rows.
 */

const { contactLabels, labels } = schema;

/** Where labels made on the way come from. */
export interface LabelOrigin {
  /** The import that made them, which its undo deletes (`deleteImportLabels`); null otherwise. */
  importId?: string | null;
  /** Made from a card's CATEGORIES by a CardDAV upload (`labels.made_from_card`). */
  madeFromCard?: boolean;
}

/**
 * The id of each label name (lowercased), finding the person's labels whatever their case
 * and creating the missing ones with `origin`. A name another writer creates at the same
 * moment is found on the second read.
 *
 * @returns lowercased name -> label id, for every name given.
 */
export async function ensureLabels(
  db: Database,
  userId: string,
  names: string[],
  origin: LabelOrigin = {},
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
    const { importId = null, madeFromCard = false } = origin;
    await db
      .insert(labels)
      .values(missing.map((name) => ({ userId, importId, madeFromCard, name: wanted.get(name)! })))
      .onConflictDoNothing();
    for (const row of await find()) ids.set(row.name.toLowerCase(), row.id);
  }
  return ids;
}

/** A contact carrying a label. */
export interface Membership {
  contactId: string;
  labelId: string;
}

/** Gives each contact its label; one it carries already is left as it is. */
export async function addMembers(db: Database, memberships: Membership[]): Promise<void> {
  if (memberships.length === 0) return;
  await db.insert(contactLabels).values(memberships).onConflictDoNothing();
}

/**
 * Makes `contactId` carry exactly the labels of `labelIds` that are still the person's (a
 * label deleted since its id was read is left out), in two statements.
 */
export async function setContactLabels(
  db: Database,
  userId: string,
  contactId: string,
  labelIds: string[],
): Promise<void> {
  await db.delete(contactLabels).where(eq(contactLabels.contactId, contactId));
  if (labelIds.length === 0) return;
  await db
    .insert(contactLabels)
    .select(
      // INSERT ... SELECT names every column of the table, in its order.
      db
        .select({
          contactId: sql<string>`${contactId}::uuid`.as('contact_id'),
          labelId: labels.id,
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(labels)
        .where(and(eq(labels.userId, userId), inArray(labels.id, labelIds))),
    )
    .onConflictDoNothing();
}

/** The labels one contact is to carry (`setLabelsOfContacts`). */
export interface ContactLabelIds {
  contactId: string;
  labelIds: string[];
}

/** A PostgreSQL array literal of uuids (`'{a,b}'::uuid[]`): one parameter however many. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Makes each contact of `wanted` carry exactly its labels of `labelIds` that are still the
 * person's (as `setContactLabels`, for many contacts at once: a restore from the history).
 * Only links that differ are written, in two statements whatever the number of contacts, so
 * a contact whose labels did not change is not touched (its revision stays).
 */
export async function setLabelsOfContacts(
  db: Database,
  userId: string,
  wanted: ContactLabelIds[],
): Promise<void> {
  if (wanted.length === 0) return;
  const pairs = wanted.flatMap(({ contactId, labelIds }) =>
    labelIds.map((labelId) => ({ contactId, labelId })),
  );
  const wantedPairs = sql`unnest(${uuidArray(pairs.map((p) => p.contactId))}, ${uuidArray(
    pairs.map((p) => p.labelId),
  )}) as w(contact_id, label_id)`;
  await db.execute(sql`delete from ${contactLabels} cl
    where cl.contact_id = any(${uuidArray(wanted.map((w) => w.contactId))})
      and not exists (select 1 from ${wantedPairs}
        where w.contact_id = cl.contact_id and w.label_id = cl.label_id)`);
  if (pairs.length === 0) return;
  await db.execute(sql`insert into ${contactLabels} (contact_id, label_id, created_at)
    select w.contact_id, w.label_id, now() from ${wantedPairs}
    join ${labels} l on l.id = w.label_id and l.user_id = ${userId}
    on conflict do nothing`);
}

/** What a group card a client sent makes of its label. */
export interface GroupLabel {
  name: string;
  uid: string;
  /** The card's resource name in the book. */
  davName: string;
}

/**
 * Stores a group card's label: the label `currentId` renamed and given the card's UID (and
 * made the client's own, no longer one made from CATEGORIES), or, without one, a new label at
 * the card's name.
 *
 * @returns the label's id.
 * @throws the database's unique violation when another label of the person has the name.
 */
export async function saveGroupLabel(
  db: Database,
  userId: string,
  currentId: string | undefined,
  group: GroupLabel,
): Promise<string> {
  if (currentId) {
    await db
      .update(labels)
      .set({ name: group.name, uid: group.uid, madeFromCard: false })
      .where(and(eq(labels.id, currentId), eq(labels.userId, userId)));
    return currentId;
  }
  const [row] = await db
    .insert(labels)
    .values({ userId, name: group.name, uid: group.uid, davName: group.davName })
    .returning({ id: labels.id });
  return row!.id;
}

/** Makes `labelId` carry exactly `contactIds`: those leaving lose it, those joining get it. */
export async function setLabelMembers(
  db: Database,
  labelId: string,
  contactIds: Set<string>,
): Promise<void> {
  const present = await db
    .select({ contactId: contactLabels.contactId })
    .from(contactLabels)
    .where(eq(contactLabels.labelId, labelId));
  const leaving = present.map((p) => p.contactId).filter((c) => !contactIds.has(c));
  if (leaving.length) {
    await db
      .delete(contactLabels)
      .where(and(eq(contactLabels.labelId, labelId), inArray(contactLabels.contactId, leaving)));
  }
  const before = new Set(present.map((p) => p.contactId));
  await addMembers(
    db,
    [...contactIds].filter((c) => !before.has(c)).map((contactId) => ({ contactId, labelId })),
  );
}

/**
 * Deletes the person's label `labelId`; its contacts stay, without it (labels have no trash).
 *
 * @returns whether there was such a label.
 */
export async function deleteOwnLabel(
  db: Database,
  userId: string,
  labelId: string,
): Promise<boolean> {
  const removed = await db
    .delete(labels)
    .where(and(eq(labels.id, labelId), eq(labels.userId, userId)))
    .returning({ id: labels.id });
  return removed.length > 0;
}

/** Deletes the labels an import created (`LabelOrigin.importId`); their contacts stay. */
export async function deleteImportLabels(
  db: Database,
  userId: string,
  importId: string,
): Promise<void> {
  await db.delete(labels).where(and(eq(labels.userId, userId), eq(labels.importId, importId)));
}

/**
 * Gives `toId` every label the contacts `fromIds` carry (a merge keeps the copies' labels on
 * the kept contact); labels it already has are left as they are.
 */
export async function copyMembership(db: Database, fromIds: string[], toId: string) {
  if (fromIds.length === 0) return;
  await db.execute(sql`
    insert into ${contactLabels} (contact_id, label_id)
    select ${toId}::uuid, label_id from ${contactLabels}
    where contact_id in (${sql.join(
      fromIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    on conflict do nothing`);
}

/** A label as the history keeps it (`label_versions.label`): its column names and values. */
export interface LabelState {
  id: string;
  name: string;
  uid: string;
  davName: string;
  importId: string | null;
  madeFromCard: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Puts labels back as they were (a restore from the history, docs/history.md): each label of
 * `states` gets its name and card identity again, inserted with its id when it was deleted
 * since; `removeIds` (labels made since) are deleted with their links. Names are first moved
 * aside, so two labels that swapped names since do not clash on the way back.
 */
export async function putBackLabels(
  db: Database,
  userId: string,
  states: LabelState[],
  removeIds: string[],
): Promise<void> {
  const mine = (ids: string[]) => and(eq(labels.userId, userId), inArray(labels.id, ids));
  if (removeIds.length > 0) await db.delete(labels).where(mine(removeIds));
  if (states.length === 0) return;
  const ids = states.map((s) => s.id);
  await db
    .update(labels)
    .set({ name: sql`${labels.id}::text`, davName: sql`${labels.id}::text || '.moving'` })
    .where(mine(ids));
  await db
    .insert(labels)
    .values(states.map((s) => ({ ...s, userId })))
    .onConflictDoUpdate({
      target: labels.id,
      set: {
        name: sql.raw('excluded."name"'),
        uid: sql.raw('excluded."uid"'),
        davName: sql.raw('excluded."dav_name"'),
        importId: sql.raw('excluded."import_id"'),
        madeFromCard: sql.raw('excluded."made_from_card"'),
        updatedAt: sql.raw('excluded."updated_at"'),
      },
      setWhere: eq(labels.userId, userId),
    });
}
