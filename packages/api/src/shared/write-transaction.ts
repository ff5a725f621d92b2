import { executeRows, isRetryableConflict, type Database } from '@kith/db';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { currentChangeSource, withChangeSource, type ChangeSource } from './change-source';
import { UnavailableError } from './errors';

/**
 * The advisory lock key of an account's address book: migration 0012's triggers take
 * `pg_advisory_xact_lock(727100003, hashtext(user_id))` on every write of the account's
 * contacts and labels (revisions and tombstones), so the account's writers commit in order.
 */
export const BOOK_LOCK_KEY = 727_100_003;

/** How many times a transaction runs before a deadlock or serialization failure is given up. */
export const MAX_WRITE_ATTEMPTS = 5;

/** What a person is told when a write lost to concurrent writes every time it was run. */
export const WRITE_CONFLICT_MESSAGE =
  'Other changes to this address book were being saved at the same moment. Please try again.';

/**
 * Takes the account's book lock for the rest of the transaction `db` runs in (the lock the
 * triggers take). A writer takes it before any row lock of a contact or label: one lock
 * order for every writer, so two writers of one account queue instead of deadlocking
 * (a plain UPDATE locks its row and only then, in the trigger, the book). It also tells the
 * database through what the transaction's writes come (`currentChangeSource`), which the
 * history records.
 */
export async function lockBook(db: Database, userId: string): Promise<void> {
  // The same statement names the writes' source for the history's triggers (docs/history.md).
  const source = currentChangeSource();
  await executeRows(
    db,
    sql`select pg_advisory_xact_lock(${BOOK_LOCK_KEY}, hashtext(${userId})), set_config('kith.change_source', ${source ? JSON.stringify(source) : ''}, true)`,
  );
}

/**
 * Runs `fn` in a transaction that holds the account's book lock from its first statement,
 * the way every writer of an account's contacts and labels (and their labels' links) writes.
 * When PostgreSQL aborts it as a deadlock victim or for a serialization failure, the whole
 * transaction runs again, up to `MAX_WRITE_ATTEMPTS` times with a short jittered pause.
 * Called with a transaction already open, it takes the lock there and runs `fn` in it; the
 * outermost `bookTransaction` does the retrying. `fn` must be safe to run more than once:
 * no side effects outside the database before it returns. `book` is the account's id, or
 * the id with the `source` the history records for writes made for a reason of their own (an
 * import, a merge, a restore) instead of the call's (docs/history.md#sources).
 *
 * @returns what `fn` returns.
 * @throws UnavailableError (503, "try again") when every attempt lost to a conflict;
 *   anything `fn` throws otherwise, unchanged.
 */
export async function bookTransaction<T>(
  db: Database,
  book: string | { userId: string; source: ChangeSource },
  fn: (tx: Database) => Promise<T>,
): Promise<T> {
  if (typeof book !== 'string') {
    return withChangeSource(book.source, () => bookTransaction(db, book.userId, fn));
  }
  const userId = book;
  // Already in a transaction (a writer called by another): the outermost one retries.
  if ((db as unknown) instanceof PgTransaction) {
    await lockBook(db, userId);
    return fn(db);
  }
  return retryConflicts(() =>
    db.transaction(async (tx) => {
      const t = tx as Database;
      await lockBook(t, userId);
      return fn(t);
    }),
  );
}

/**
 * Runs `attempt` (a whole transaction) again while it fails with a deadlock (SQLSTATE 40P01)
 * or a serialization failure (40001), the remedy PostgreSQL's manual gives for both: at most
 * `MAX_WRITE_ATTEMPTS` runs, pausing 10-40 ms times the attempt number between them.
 *
 * @returns what `attempt` returns.
 * @throws UnavailableError (503) after the last attempt lost to a conflict; any other error
 *   at once, unchanged.
 */
export async function retryConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let run = 1; ; run += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (run >= MAX_WRITE_ATTEMPTS) throw new UnavailableError(WRITE_CONFLICT_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, run * (10 + Math.random() * 30)));
    }
  }
}
