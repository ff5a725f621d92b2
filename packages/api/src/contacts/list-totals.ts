import { schema, type Database } from '@kith/db';
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';

const { users } = schema;

/** Most list sizes one server keeps, over all accounts and lists; the oldest go first. */
export const MAX_KEPT_TOTALS = 10_000;

/** Per database handle: `<account>:<list>` to its size at one revision of the account. */
const keptByDatabase = new WeakMap<Database, Map<string, { revision: number; total: number }>>();

/**
 * How many contacts one of an account's lists holds (`filter`, the list's condition), counted
 * once per revision of the account (docs/performance.md, "A list's rows"). Every change of
 * a contact or of a label given or taken takes the account's next revision (`users.dav_revision`,
 * kept by the database's triggers), so a size kept for the revision the caller saw is still
 * exact; any other revision counts again. `seenRevision` is the account's revision as the
 * caller's own read of the list saw it (null when unknown: it counts). `listKey` names the
 * list within the account (`contacts`, `favorites`, `trash`, a label's id...).
 *
 * The count and the revision it is kept under are read in one statement, so they come from one
 * snapshot of the database. A restore replaces the database with the servers stopped
 * (docs/backups.md), which empties what they kept.
 */
export async function listTotal(
  db: Database,
  userId: string,
  listKey: string,
  filter: SQL,
  seenRevision: number | null,
): Promise<number> {
  let kept = keptByDatabase.get(db);
  if (!kept) keptByDatabase.set(db, (kept = new Map()));
  const key = `${userId}:${listKey}`;
  const known = kept.get(key);
  if (known && seenRevision !== null && known.revision === seenRevision) return known.total;

  const [counted] = await db
    .select({
      revision: users.davRevision,
      total: sql<number>`(select count(*) from contacts where ${filter})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!counted) return 0;
  kept.delete(key);
  kept.set(key, counted);
  if (kept.size > MAX_KEPT_TOTALS) kept.delete(kept.keys().next().value!);
  return counted.total;
}

/** The account's revision, as a column of a list's own read (`listTotal`'s `seenRevision`). */
export function accountRevision(userId: string | Placeholder): SQL<number> {
  return sql<number>`(select ${users.davRevision} from ${users} where ${users.id} = ${userId})`.mapWith(
    Number,
  );
}
