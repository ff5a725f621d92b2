import { schema } from '@kith/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { NotFoundError } from '../shared/errors';
import { CONTACT_NOT_FOUND } from '../contacts';
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
  const [row] = await bookTransaction(deps.db, userId, (tx) =>
    tx
      .update(contacts)
      .set({ isFavorite, updatedAt: deps.now() })
      .where(and(eq(contacts.userId, userId), eq(contacts.id, id), isNull(contacts.trashedAt)))
      .returning(),
  );
  if (!row) throw new NotFoundError(CONTACT_NOT_FOUND);
  return {
    id: row.id,
    isFavorite: row.isFavorite,
    name: combinedName(row.givenName, row.familyName),
  };
}
