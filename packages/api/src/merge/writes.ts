import { schema, type Database, type MergedCopy } from '@kith/db';
import { and, eq, lt, or, sql } from 'drizzle-orm';

/**
 * Every write of `duplicate_dismissals` and `merge_undos`, so merge/ stays their one writer
 * (the ESLint rule in eslint.config.js names it). Each runs in the caller's transaction and
 * takes the ids it is given as the account's own: the caller found them in that account's rows.
 */

const { duplicateDismissals, mergeUndos } = schema;

/** Two contacts, the smaller id first, as `duplicate_dismissals` keeps them. */
export type ContactPair = readonly [string, string];

/**
 * The pairs of `ids`, each once and ordered (uuid order is the order of their lowercase text),
 * so "Not duplicates" on a group of three remembers its three pairs.
 */
export function pairsOf(ids: string[]): ContactPair[] {
  const sorted = [...new Set(ids.map((id) => id.toLowerCase()))].sort();
  const pairs: ContactPair[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    for (let j = i + 1; j < sorted.length; j += 1) pairs.push([sorted[i]!, sorted[j]!]);
  }
  return pairs;
}

/** Remembers each pair as not duplicates; a pair remembered already is left as it is. */
export async function insertDismissals(
  db: Database,
  userId: string,
  pairs: ContactPair[],
): Promise<void> {
  if (pairs.length === 0) return;
  await db
    .insert(duplicateDismissals)
    .values(pairs.map(([contactA, contactB]) => ({ userId, contactA, contactB })))
    .onConflictDoNothing();
}

/** Forgets that each pair was said not to be duplicates; answers how many were forgotten. */
export async function deleteDismissals(
  db: Database,
  userId: string,
  pairs: ContactPair[],
): Promise<number> {
  if (pairs.length === 0) return 0;
  const removed = await db
    .delete(duplicateDismissals)
    .where(
      and(
        eq(duplicateDismissals.userId, userId),
        or(
          ...pairs.map(([a, b]) =>
            and(eq(duplicateDismissals.contactA, a), eq(duplicateDismissals.contactB, b)),
          ),
        ),
      ),
    )
    .returning({ a: duplicateDismissals.contactA });
  return removed.length;
}

/** What a merge changed, to be put back by its undo. */
export interface MergeUndoRow {
  userId: string;
  keptId: string;
  keptRevision: number;
  previous: Record<string, unknown>;
  addedLabelIds: string[];
  copies: MergedCopy[];
  /** The merge's time, by the app's clock, from which the undo's time runs. */
  createdAt: Date;
}

/** Keeps what a merge changed; answers the undo's id (the token the merge answers). */
export async function insertMergeUndo(db: Database, row: MergeUndoRow): Promise<string> {
  const [inserted] = await db.insert(mergeUndos).values(row).returning({ id: mergeUndos.id });
  return inserted!.id;
}

/** Forgets one merge's undo (it was used). */
export async function deleteMergeUndo(db: Database, userId: string, id: string): Promise<void> {
  await db.delete(mergeUndos).where(and(eq(mergeUndos.userId, userId), eq(mergeUndos.id, id)));
}

/**
 * Forgets the undos made before `before`: of `userId`, or of every
 * account without one. Each holds a copy of a card as it was, kept no longer than its use.
 */
export async function deleteMergeUndosBefore(
  db: Database,
  before: Date,
  userId?: string,
): Promise<void> {
  await db
    .delete(mergeUndos)
    .where(
      and(
        lt(mergeUndos.createdAt, sql`${before.toISOString()}::timestamptz`),
        userId ? eq(mergeUndos.userId, userId) : undefined,
      ),
    );
}
