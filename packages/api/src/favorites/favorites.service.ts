import { schema } from '@kith/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { NotFoundError } from '../shared/errors';
import { CONTACT_NOT_FOUND, updateContactRows } from '../contacts';
import { combinedName } from '@kith/validators';
import { bookTransaction } from '../shared/write-transaction';

const { contacts } = schema;

/**
 * Sets the favorite flag: the client sends the value it wants and reads the result back.
 *
 * @throws NotFoundError for an unknown, foreign or trashed contact.
 */
export async function setFavorite(
  deps: Pick<ApiDependencies, 'db' | 'now'>,
  userId: string,
  id: string,
  isFavorite: boolean,
): Promise<{ id: string; isFavorite: boolean; name: string }> {
  const row = await bookTransaction(deps.db, userId, async (tx) => {
    const one = and(eq(contacts.id, id), isNull(contacts.trashedAt));
    const [changed] = await updateContactRows(tx, userId, one, {
      isFavorite,
      updatedAt: deps.now(),
    });
    if (!changed) return null;
    const [names] = await tx
      .select({ givenName: contacts.givenName, familyName: contacts.familyName })
      .from(contacts)
      .where(eq(contacts.id, id));
    return names!;
  });
  if (!row) throw new NotFoundError(CONTACT_NOT_FOUND);
  return { id, isFavorite, name: combinedName(row.givenName, row.familyName) };
}
