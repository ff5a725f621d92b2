import { schema, type Database } from '@kith/db';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { NotFoundError } from '../shared/errors';
import { selectContactsWithPhoto, toDto, type Contact } from '../contacts';
import { bookTransaction } from '../shared/write-transaction';
import { MERGE_NOT_FOUND } from './messages';
import { deleteDismissals, insertDismissals, pairsOf } from './writes';

const { contacts, duplicateDismissals } = schema;

/** The dismissed pairs the "Show dismissed" list holds at most, the latest first. */
export const MAX_DISMISSED_SHOWN = 100;

/**
 * The person's pairs said not to be duplicates, as `a|b` keys (smaller id first), which
 * `findDuplicates` leaves unlinked.
 */
export async function dismissedPairKeys(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ a: duplicateDismissals.contactA, b: duplicateDismissals.contactB })
    .from(duplicateDismissals)
    .where(eq(duplicateDismissals.userId, userId));
  return new Set(rows.map((row) => pairKey(row.a, row.b)));
}

/** The key of a pair whichever way it is given. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/**
 * "Not duplicates": remembers every pair of `contactIds` (2 to 20 of the person's contacts
 * out of the Trash), so Merge & fix no longer links them
 * (docs/product/screens.md#merge--fix-screen). Saying it twice changes nothing.
 *
 * @returns how many pairs the contacts make.
 * @throws NotFoundError when a contact is not the person's or is in the Trash.
 */
export async function dismissDuplicates(
  deps: Pick<ApiDependencies, 'db'>,
  userId: string,
  contactIds: string[],
): Promise<{ pairs: number }> {
  const pairs = pairsOf(contactIds);
  const ids = [...new Set(pairs.flat())];
  // The book lock orders this after a purge of one of the contacts, never beside it.
  await bookTransaction(deps.db, userId, async (tx) => {
    const found = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(eq(contacts.userId, userId), isNull(contacts.trashedAt), inArray(contacts.id, ids)),
      );
    if (found.length !== ids.length) throw new NotFoundError(MERGE_NOT_FOUND);
    await insertDismissals(tx, userId, pairs);
  });
  return { pairs: pairs.length };
}

/**
 * Takes "Not duplicates" back for every pair of `contactIds`, so they can be offered again.
 * Pairs never dismissed, or another person's, are left alone.
 *
 * @returns how many pairs were forgotten.
 */
export async function undismissDuplicates(
  deps: Pick<ApiDependencies, 'db'>,
  userId: string,
  contactIds: string[],
): Promise<{ pairs: number }> {
  return { pairs: await deleteDismissals(deps.db, userId, pairsOf(contactIds)) };
}

/** A pair said not to be duplicates, both out of the Trash. */
export interface DismissedPair {
  contacts: [Contact, Contact];
  dismissedAt: Date;
}

/**
 * "Show dismissed": the latest `MAX_DISMISSED_SHOWN` pairs said not to be duplicates whose
 * contacts are both out of the Trash, each pair in the order the contacts were made.
 */
export async function listDismissed(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
): Promise<DismissedPair[]> {
  const rows = await deps.db
    .select({
      a: duplicateDismissals.contactA,
      b: duplicateDismissals.contactB,
      at: duplicateDismissals.createdAt,
    })
    .from(duplicateDismissals)
    .where(eq(duplicateDismissals.userId, userId))
    .orderBy(desc(duplicateDismissals.createdAt), duplicateDismissals.contactA)
    .limit(MAX_DISMISSED_SHOWN * 4);
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.flatMap((row) => [row.a, row.b]))];
  const full = await selectContactsWithPhoto(deps.db).where(
    and(eq(contacts.userId, userId), isNull(contacts.trashedAt), inArray(contacts.id, ids)),
  );
  const byId = new Map(full.map((row) => [row.contact.id, toDto(deps.images, row)]));
  const pairs: DismissedPair[] = [];
  for (const row of rows) {
    const [a, b] = [byId.get(row.a), byId.get(row.b)];
    if (!a || !b) continue;
    pairs.push({
      contacts: a.createdAt <= b.createdAt ? [a, b] : [b, a],
      dismissedAt: row.at,
    });
    if (pairs.length === MAX_DISMISSED_SHOWN) break;
  }
  return pairs;
}
