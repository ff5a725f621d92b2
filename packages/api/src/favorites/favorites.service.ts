import { schema } from '@kith/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { NotFoundError } from '../shared/errors';
import { CONTACT_NOT_FOUND } from '../contacts/contacts.service';
import { combinedName } from '../contacts/contact-dto';
import { bookTransaction } from '../shared/write-transaction';

const { contacts } = schema;

/**
 * Sets the favourite flag (SPEC §4: the client sends the negated value and reads the result).
 *
 * @throws NotFoundError for an unknown, foreign or trashed contact.
 */
export async function setFavorite(
  deps: Pick<ApiDependencies, 'db' | 'now'>,
  userId: string,
  id: string,
  isFavorite: boolean,
): Promise<{ _id: string; isFavorite: boolean; name: string }> {
  const [row] = await bookTransaction(deps.db, userId, (tx) =>
    tx
      .update(contacts)
      .set({ isFavorite, updatedAt: deps.now() })
      .where(and(eq(contacts.userId, userId), eq(contacts.id, id), isNull(contacts.trashedAt)))
      .returning(),
  );
  if (!row) throw new NotFoundError(CONTACT_NOT_FOUND);
  return {
    _id: row.id,
    isFavorite: row.isFavorite,
    name: combinedName(row.givenName, row.familyName),
  };
}
