import { schema } from '@kith/db';
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { NotFoundError } from '../shared/errors';
import { deleteImages } from '../images/images.service';
import { CONTACT_NOT_FOUND, NO_MATCHING_CONTACTS } from '../contacts/contacts.service';

const { contacts } = schema;

type Deps = Pick<ApiDependencies, 'db' | 'images' | 'now'>;

/**
 * Moves active contacts to the trash in one statement, stamping `trashedAt` (SPEC §4).
 *
 * @returns the ids moved.
 * @throws NotFoundError when none of `ids` is an active contact of the person.
 */
export async function trashContacts(deps: Pick<Deps, 'db' | 'now'>, userId: string, ids: string[]) {
  return affected(
    await deps.db
      .update(contacts)
      .set({ trashedAt: deps.now() })
      .where(
        and(eq(contacts.userId, userId), inArray(contacts.id, ids), isNull(contacts.trashedAt)),
      )
      .returning({ id: contacts.id }),
    ids,
  );
}

/**
 * Brings trashed contacts back (SPEC §4 "Trashed to active"), in one statement.
 *
 * @throws NotFoundError when none of `ids` is a trashed contact of the person.
 */
export async function recoverContacts(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: string,
  ids: string[],
) {
  return affected(
    await deps.db
      .update(contacts)
      .set({ trashedAt: null, updatedAt: deps.now() })
      .where(
        and(eq(contacts.userId, userId), inArray(contacts.id, ids), isNotNull(contacts.trashedAt)),
      )
      .returning({ id: contacts.id }),
    ids,
  );
}

/**
 * Deletes trashed contacts forever, with their images (SPEC §4 "Trashed to gone").
 *
 * @throws NotFoundError when none of `ids` is a trashed contact of the person.
 */
export async function deleteContacts(deps: Deps, userId: string, ids: string[]) {
  return deleteWhere(
    deps,
    userId,
    and(inArray(contacts.id, ids), isNotNull(contacts.trashedAt))!,
    ids,
  );
}

/** Deletes every trashed contact of the person, with their images (SPEC §7 DELETE /contacts/empty). */
export async function emptyTrash(deps: Deps, userId: string): Promise<{ deleted: number }> {
  const removed = await deleteWhere(deps, userId, isNotNull(contacts.trashedAt), null);
  return { deleted: removed.length };
}

async function deleteWhere(deps: Deps, userId: string, condition: SQL, ids: string[] | null) {
  const removed = await deps.db
    .delete(contacts)
    .where(and(eq(contacts.userId, userId), condition))
    .returning({ id: contacts.id, avatarImageId: contacts.avatarImageId });
  const imageIds = removed.map((r) => r.avatarImageId).filter((v): v is string => v !== null);
  await deleteImages(deps, userId, imageIds);
  return ids ? affected(removed, ids) : removed.map((r) => r.id);
}

function affected(rows: { id: string }[], ids: string[]): string[] {
  if (rows.length === 0)
    throw new NotFoundError(ids.length === 1 ? CONTACT_NOT_FOUND : NO_MATCHING_CONTACTS);
  return rows.map((r) => r.id);
}
