import { schema, type Database } from '@kith/db';
import { lt } from 'drizzle-orm';

const { contactVersions, labelVersions } = schema;

/**
 * Forgets the versions of contacts and labels recorded before `cutoff` (retention: the
 * history keeps 30 days, docs/history.md#retention). The database's triggers are the only
 * other writers of these tables.
 *
 * @returns the images the forgotten versions showed, which their deleter may now remove if
 *   nothing else shows them.
 */
export async function forgetVersionsBefore(db: Database, cutoff: Date): Promise<string[]> {
  const forgotten = await db
    .delete(contactVersions)
    .where(lt(contactVersions.recordedAt, cutoff))
    .returning({ photoImageId: contactVersions.photoImageId });
  await db.delete(labelVersions).where(lt(labelVersions.recordedAt, cutoff));
  return [
    ...new Set(forgotten.map((v) => v.photoImageId).filter((id): id is string => id !== null)),
  ];
}
