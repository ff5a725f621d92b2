import { schema, type ChangeSource, type ContactSnapshot } from '@kith/db';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { CONTACT_NOT_FOUND, rowOfSnapshot, toContact, type Contact } from '../contacts';
import { NotFoundError } from '../shared/errors';
import type { ApiDependencies } from '../trpc/context';
import { CONTACT_HISTORY_LIMIT } from './messages';

const { contacts, contactVersions, contactLabels, labels, images } = schema;

/** A contact as one of its versions holds it: the contact's fields, labels and keep in touch. */
export interface VersionCard extends Contact {
  labels: { id: string; name: string }[];
  /** How often the person means to be in touch, and the last day they said they talked. */
  keepInTouch: { interval: KeepInTouchInterval | null; lastContactedOn: string | null };
}

type KeepInTouchInterval = NonNullable<(typeof contacts.$inferSelect)['keepInTouch']>;

/** A row's keep in touch, as a version shows it. */
const keepInTouchOf = (row: typeof contacts.$inferSelect): VersionCard['keepInTouch'] => ({
  interval: row.keepInTouch,
  lastContactedOn: row.lastContactedOn,
});

/** One change of a contact, as its History lists it. */
export interface ContactVersionEntry {
  /** When the change was written (the moment its transaction first wrote, under the book lock). */
  recordedAt: Date;
  /** Through what it came; null for a change from before sources were recorded. */
  source: ChangeSource | null;
  /** The contact after the change. */
  card: VersionCard;
  /** The contact before it; null when this change created the contact. */
  previous: VersionCard | null;
  /** Restores `card` (`history.restoreVersion`); null for the current version. */
  versionId: string | null;
  /** Restores `previous`; null when there is none. */
  previousVersionId: string | null;
}

/** A contact's History: its changes, newest first, and whether older ones were left out. */
export interface ContactHistory {
  entries: ContactVersionEntry[];
  /** More changes are kept than the 100 listed. */
  truncated: boolean;
}

/**
 * The History of one of the person's contacts (docs/history.md#a-contacts-history): its
 * changes of the last 30 days, newest first, each with the contact before and after it, so a
 * client can say what changed field by field. Photos are signed links, old ones included.
 *
 * @throws NotFoundError (404) when the contact is gone or someone else's.
 */
export async function contactHistory(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
  contactId: string,
): Promise<ContactHistory> {
  const [current] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)));
  if (!current) throw new NotFoundError(CONTACT_NOT_FOUND);
  const currentLabels = await deps.db
    .select({ id: labels.id, name: labels.name })
    .from(contactLabels)
    .innerJoin(labels, eq(labels.id, contactLabels.labelId))
    .where(eq(contactLabels.contactId, contactId))
    .orderBy(labels.name, labels.id);
  const rows = await deps.db
    .select({
      id: contactVersions.id,
      recordedAt: contactVersions.recordedAt,
      source: contactVersions.source,
      card: contactVersions.card,
    })
    .from(contactVersions)
    .where(and(eq(contactVersions.contactId, contactId), eq(contactVersions.userId, userId)))
    .orderBy(desc(contactVersions.recordedAt), desc(contactVersions.txid))
    .limit(CONTACT_HISTORY_LIMIT + 1);
  const kept = rows.slice(0, CONTACT_HISTORY_LIMIT);

  const photoIds = [
    current.photoImageId,
    ...kept.map((r) => r.card?.photo_image_id as string | null | undefined),
  ].filter((id): id is string => typeof id === 'string');
  const photoKeys = new Map(
    photoIds.length
      ? (
          await deps.db
            .select({ id: images.id, key: images.storageKey })
            .from(images)
            .where(inArray(images.id, [...new Set(photoIds)]))
        ).map((r) => [r.id, r.key])
      : [],
  );
  const photoUrl = (id: string | null | undefined) => {
    const key = id ? photoKeys.get(id) : undefined;
    return key ? deps.images.urlFor(key) : null;
  };
  const cardOf = (snapshot: ContactSnapshot): VersionCard => {
    const row = { ...current, ...rowOfSnapshot(userId, snapshot) } as typeof current;
    return {
      ...toContact(row, photoUrl(row.photoImageId)),
      labels: snapshot.labels,
      keepInTouch: keepInTouchOf(row),
    };
  };

  const currentCard: VersionCard = {
    ...toContact(current, photoUrl(current.photoImageId)),
    labels: currentLabels,
    keepInTouch: keepInTouchOf(current),
  };
  // Row i holds the contact before change i; after it, the newer row's card (or now).
  const entries = kept.map((row, i): ContactVersionEntry => {
    const newer = i === 0 ? null : kept[i - 1]!;
    return {
      recordedAt: row.recordedAt,
      source: row.source,
      card: newer?.card ? cardOf(newer.card) : currentCard,
      previous: row.card ? cardOf(row.card) : null,
      versionId: newer?.card ? newer.id : null,
      previousVersionId: row.card ? row.id : null,
    };
  });
  return { entries, truncated: rows.length > CONTACT_HISTORY_LIMIT };
}
