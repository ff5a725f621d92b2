import { schema, type Database } from '@kith/db';
import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import type { ImageStorage } from '../storage/image-storage';
import { removeBytes } from '../images';

const { users, images } = schema;

/**
 * Erases one deleted account: its image bytes, then the user row, which takes every other
 * row of the account with it (contacts, images, sessions, codes and feedback all reference
 * the user with ON DELETE CASCADE). Does nothing for an account not marked deleted, so a
 * mistaken id can never erase a live account.
 *
 * @returns whether an account was erased.
 */
export async function purgeAccount(
  deps: { db: Database; images: ImageStorage },
  userId: string,
): Promise<boolean> {
  const purged = await purgeDeletedAccounts(deps, { userIds: [userId] });
  return purged > 0;
}

/**
 * Erases accounts marked deleted (privacy page: "within 30 days of account deletion"), all
 * of them or those among `userIds`, deleted at or before `deletedBefore`.
 *
 * @returns how many accounts were erased.
 */
export async function purgeDeletedAccounts(
  deps: { db: Database; images: ImageStorage },
  options: { userIds?: string[]; deletedBefore?: Date } = {},
): Promise<number> {
  const outcome = await deps.db.transaction(async (tx) => {
    const doomed = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNotNull(users.deletedAt),
          options.userIds ? inArray(users.id, options.userIds) : undefined,
          options.deletedBefore ? lte(users.deletedAt, options.deletedBefore) : undefined,
        ),
      )
      .for('update');
    if (doomed.length === 0) return null;
    const ids = doomed.map((row) => row.id);
    const stored = await tx
      .select({ key: images.storageKey })
      .from(images)
      .where(inArray(images.ownerId, ids));
    await tx.delete(users).where(inArray(users.id, ids));
    return { count: ids.length, keys: stored.map((row) => row.key) };
  });
  if (!outcome) return 0;
  await removeBytes(deps.images, outcome.keys);
  return outcome.count;
}
