import { schema } from '@kith/db';
import type { BulkContacts } from '@kith/validators';
import { and, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { NotFoundError } from '../shared/errors';
import { deleteImages } from '../images';
import {
  chosenContacts,
  CONTACT_NOT_FOUND,
  deleteContactRows,
  isOneContact,
  NO_MATCHING_CONTACTS,
  updateContactRows,
} from '../contacts';
import { bookTransaction } from '../shared/write-transaction';

const { contacts } = schema;

type Deps = Pick<ApiDependencies, 'db' | 'images' | 'now'>;

/**
 * Moves active contacts to the trash in one statement, stamping `trashedAt`
 * (docs/product/states.md#contact): `{contactIds}` or a whole list but some (`{all}`).
 *
 * @returns the ids moved.
 * @throws NotFoundError when none of the chosen is an active contact of the person.
 */
export async function trashContacts(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: string,
  chosen: BulkContacts,
) {
  return affected(
    await bookTransaction(deps.db, userId, (tx) =>
      updateContactRows(
        tx,
        userId,
        and(chosenContacts(userId, chosen), isNull(contacts.trashedAt)),
        {
          trashedAt: deps.now(),
        },
      ),
    ),
    chosen,
  );
}

/**
 * Brings trashed contacts back (docs/product/states.md#contact), in one statement.
 *
 * @throws NotFoundError when none of the chosen is a trashed contact of the person.
 */
export async function recoverContacts(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: string,
  chosen: BulkContacts,
) {
  return affected(
    await bookTransaction(deps.db, userId, (tx) =>
      updateContactRows(
        tx,
        userId,
        and(chosenContacts(userId, chosen), isNotNull(contacts.trashedAt)),
        { trashedAt: null, updatedAt: deps.now() },
      ),
    ),
    chosen,
  );
}

/**
 * Deletes trashed contacts forever, with their images (docs/product/states.md#contact).
 *
 * @throws NotFoundError when none of the chosen is a trashed contact of the person.
 */
export async function deleteContacts(deps: Deps, userId: string, chosen: BulkContacts) {
  return deleteWhere(
    deps,
    userId,
    and(chosenContacts(userId, chosen), isNotNull(contacts.trashedAt))!,
    chosen,
  );
}

/** Deletes every trashed contact of the person, with their images (DELETE /contacts/empty). */
export async function emptyTrash(deps: Deps, userId: string): Promise<{ deleted: number }> {
  const removed = await deleteWhere(deps, userId, isNotNull(contacts.trashedAt), null);
  return { deleted: removed.length };
}

async function deleteWhere(
  deps: Deps,
  userId: string,
  condition: SQL,
  chosen: BulkContacts | null,
) {
  const removed = await bookTransaction(deps.db, userId, (tx) =>
    deleteContactRows(tx, userId, condition),
  );
  const imageIds = removed.map((r) => r.photoImageId).filter((v): v is string => v !== null);
  await deleteImages(deps, userId, imageIds);
  return chosen ? affected(removed, chosen) : removed.map((r) => r.id);
}

function affected(rows: { id: string }[], chosen: BulkContacts): string[] {
  if (rows.length === 0)
    throw new NotFoundError(isOneContact(chosen) ? CONTACT_NOT_FOUND : NO_MATCHING_CONTACTS);
  return rows.map((r) => r.id);
}
