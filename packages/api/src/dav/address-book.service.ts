import { executeRows, isUniqueViolation, schema, type Database } from '@kith/db';
import type { ImportedContact } from '@kith/validators';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  deleteImages,
  imageRow,
  photoSource,
  removeBytes,
  type StoredImage,
  storeImage,
} from '../images';
import { columnsOf, insertContactRows, updateContactRows } from '../contacts';
import type { ApiDependencies } from '../trpc/context';
import { DavError, NS } from './xml';
import { paths } from '../shared/dav-paths';
import { bookTransaction } from '../shared/write-transaction';
import { addMembers, ensureLabels, setContactLabels } from '../labels';
import { cardBasis } from '../vcard/stored-card';

const { contacts, labels, davTombstones, users, images } = schema;

/** The name of an account's one address book until a client renames it. */
export const DEFAULT_BOOK_NAME = 'Contacts';

/**
 * Each account's storage budget, in bytes: its cards and photos. Reported as RFC 4331
 * `quota-available-bytes` and enforced when a client creates a card.
 */
export const ACCOUNT_QUOTA_BYTES = 1024 * 1024 * 1024;

/**
 * A strong ETag (RFC 7232 §2.3) of a revision, which any change moves; of a card's other
 * vCard version when `version` is given (each representation has its own).
 */
export function etagOf(revision: number, version?: string): string {
  return version ? `"${revision}-${version}"` : `"${revision}"`;
}

/** Whether an ETag a client sent names `revision` in any of its representations. */
function namesRevision(etag: string, revision: number): boolean {
  return (
    etag === etagOf(revision) ||
    etag === etagOf(revision, '3.0') ||
    etag === etagOf(revision, '4.0')
  );
}

/** The sync token of a revision (RFC 6578 §3.2: a URI, opaque to clients). */
export function syncTokenOf(revision: number): string {
  return `http://kith.app/ns/sync/${revision}`;
}

/** The revision a sync token names, or null when it is not one of Kith's. */
export function revisionOfToken(token: string): number | null {
  const match = /^http:\/\/kith\.app\/ns\/sync\/(\d{1,15})$/.exec(token.trim());
  return match ? Number(match[1]) : null;
}

/** What the address book's own properties are made of. */
export interface BookState {
  /**
   * The newest revision of any card (contact or group), trashed or deleted: the ctag and sync
   * token.
   */
  revision: number;
  /** Tokens below this are refused (their tombstones may be gone). */
  syncFloor: number;
  name: string;
  /** The card a client marked as the person's own, by resource name. */
  meCard: string | null;
}

/**
 * The address book's state for `userId`, or null for an unknown or deleted account. Its
 * `revision` is `users.dav_revision`, one row read instead of three maxima.
 */
export async function bookState(db: Database, userId: string): Promise<BookState | null> {
  const [row] = await db
    .select({
      name: users.addressBookName,
      meCard: users.meCard,
      syncFloor: users.davSyncFloor,
      // The account's own counter, which every change of its cards moves (migration 0016):
      // the newest revision it handed out, tombstones purged since included.
      revision: users.davRevision,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) return null;
  return {
    revision: Number(row.revision),
    syncFloor: row.syncFloor,
    name: row.name ?? DEFAULT_BOOK_NAME,
    meCard: row.meCard,
  };
}

/** The account's name, as a principal's display name shows it ('' for an unknown account). */
export async function accountName(db: Database, userId: string): Promise<string> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? '';
}

/**
 * Bytes the account's contacts and photos take, for RFC 4331 quota properties: the running
 * total the database keeps of its contacts (`users.contact_bytes`, migration 0019) and its
 * photos' sizes.
 */
export async function usedBytes(db: Database, userId: string): Promise<number> {
  const [row] = await executeRows<{ used: string }>(
    db,
    sql`
    select (select ${users.contactBytes} from ${users} where ${users.id} = ${userId})
         + coalesce((select sum(${images.byteSize}) from ${images} where ${images.ownerId} = ${userId}), 0) as used`,
  );
  return Number(row?.used ?? 0);
}

/** HTTP preconditions of a write (RFC 7232): `If-Match` ETags or `*`, `If-None-Match: *`. */
export interface WriteConditions {
  ifMatch?: string[];
  ifNoneMatch?: string[];
}

/**
 * Checks a write's conditions against the card there now (RFC 7232 §3.1-3.2, strong
 * comparison): `If-Match` needs a card whose ETag, in either vCard version, is listed (or
 * `*`); `If-None-Match: *` (or one of the card's ETags) needs no card.
 *
 * @throws DavError 412 when a condition fails.
 */
export function checkConditions(
  current: { revision: number } | undefined,
  conditions: WriteConditions,
) {
  const etag = current ? etagOf(current.revision) : null;
  const { ifMatch, ifNoneMatch } = conditions;
  const named = (list: string[]) =>
    current !== undefined &&
    (list.includes('*') || list.some((e) => namesRevision(e, current.revision)));
  if (ifMatch && !named(ifMatch)) {
    throw new DavError(
      412,
      etag
        ? 'The card changed since you read it (If-Match does not match its ETag).'
        : 'There is no card here to change (If-Match).',
    );
  }
  if (ifNoneMatch && named(ifNoneMatch)) {
    throw new DavError(412, 'A card already exists here (If-None-Match).');
  }
}

/** A card a client sent, read by the import's vCard reader, with its UID and its text. */
export interface IncomingCard {
  uid: string;
  contact: ImportedContact;
  /** The card as sent, stored and served back octet for octet. */
  text: string;
}

/**
 * Stores a card a client PUT at `name` (RFC 6352 §6.3.2): creates the contact, or replaces
 * the one there with every value the card holds (its CATEGORIES become its labels, `starred`
 * its star; its photo goes through the upload pipeline; properties Kith has no field for are
 * kept and written back). A trashed contact holding the name gives it up. Runs in one
 * transaction, so the ETag answered is of a committed card and a retried PUT finds it.
 *
 * @returns whether it was created, and the new ETag.
 * @throws DavError 412 when a condition fails, 403 `no-uid-conflict` when another card of the
 *   book has the UID, 507 past the account's quota; UnavailableError (503) when concurrent
 *   writes of the book made it lose every attempt (`bookTransaction`).
 */
export async function putCard(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'keys' | 'now' | 'fetchPhoto'>,
  userId: string,
  name: string,
  card: IncomingCard,
  conditions: WriteConditions,
): Promise<{ created: boolean; etag: string }> {
  const now = deps.now();
  const { contact } = card;
  let photo: StoredImage | null = null;
  if (contact.photo) {
    try {
      photo = await storeImage(
        deps.images,
        await photoSource(deps, userId, deps.fetchPhoto)(contact.photo),
      );
    } catch {
      // As an import does: the card comes in without it; an address is kept to write back.
      if (!contact.photo.startsWith('data:')) {
        contact.extra = [...contact.extra, { name: 'PHOTO', label: '', value: contact.photo }];
      }
    }
  }
  try {
    // The book lock first: parallel PUTs of one UID at different names then check the book
    // one at a time, so only one card gets the UID (RFC 6352 §6.3.2.1).
    const result = await bookTransaction(deps.db, userId, async (db) => {
      const [current] = await db
        .select({
          id: contacts.id,
          revision: contacts.revision,
          trashedAt: contacts.trashedAt,
          photoImageId: contacts.photoImageId,
        })
        .from(contacts)
        .where(and(eq(contacts.userId, userId), eq(contacts.davName, name)))
        .for('update');
      const active = current && !current.trashedAt ? current : undefined;
      checkConditions(active, conditions);
      const [group] = await db
        .select({ id: labels.id })
        .from(labels)
        .where(and(eq(labels.userId, userId), eq(labels.davName, name)));
      if (group)
        throw new DavError(409, 'A group card has this name; a contact needs a name of its own.');
      const [clash] = await db
        .select({ davName: contacts.davName })
        .from(contacts)
        .where(
          and(
            eq(contacts.userId, userId),
            eq(contacts.uid, card.uid),
            isNull(contacts.trashedAt),
            sql`${contacts.davName} <> ${name}`,
          ),
        )
        .limit(1);
      if (clash) {
        throw new DavError(
          403,
          `Another card of this address book already has the UID ${card.uid}.`,
          { ns: NS.CARDDAV, name: 'no-uid-conflict' },
          paths.card(userId, clash.davName),
        );
      }
      if (!active && (await usedBytes(db, userId)) > ACCOUNT_QUOTA_BYTES) {
        throw new DavError(507, 'This account has no room for more cards.', {
          ns: NS.DAV,
          name: 'quota-not-exceeded',
        });
      }
      if (photo) await db.insert(images).values(imageRow(photo, userId, now, now));
      const labelIds = await ensureLabels(db, userId, contact.labels, { madeFromCard: true });
      const fields = {
        ...columnsOf(contact),
        additionalNames: contact.additionalNames,
        isFavorite: contact.isFavorite,
        photoImageId: photo?.id ?? null,
        extra: contact.extra,
      };
      // The card as sent is the record; the fields are what was read from it.
      const columns = {
        ...fields,
        uid: card.uid,
        card: card.text,
        cardBasis: cardBasis(fields, contact.labels),
      };
      let id: string;
      if (active) {
        id = active.id;
        await updateContactRows(db, userId, eq(contacts.id, id), { ...columns, updatedAt: now });
        await setContactLabels(db, userId, id, [...labelIds.values()]);
      } else {
        if (current) {
          // The trashed contact keeps its place in the trash under a name of its own.
          await updateContactRows(db, userId, eq(contacts.id, current.id), {
            davName: `${current.id}-${current.revision}.vcf`,
          });
        }
        const [row] = await insertContactRows(db, [{ userId, davName: name, ...columns }]);
        id = row!.id;
        await addMembers(
          db,
          [...labelIds.values()].map((labelId) => ({ contactId: id, labelId })),
        );
      }
      const [{ revision } = { revision: 0 }] = await db
        .select({ revision: contacts.revision })
        .from(contacts)
        .where(eq(contacts.id, id));
      return { created: !active, etag: etagOf(revision), replacedImage: active?.photoImageId };
    });
    if (result.replacedImage && result.replacedImage !== photo?.id) {
      await deleteImages(deps, userId, [result.replacedImage]);
    }
    return { created: result.created, etag: result.etag };
  } catch (error) {
    if (photo) await removeBytes(deps.images, [photo.storageKey]);
    if (isUniqueViolation(error)) {
      throw new DavError(
        412,
        'Another client created a card here at the same moment. Sync and try again.',
      );
    }
    throw error;
  }
}

/**
 * Moves the card at `name` to Kith's Trash (a card deleted on a phone is recoverable for 30
 * days, docs/product/limits.md#limits); the book then reports it gone.
 *
 * @throws DavError 404 when there is no active card there, 412 when `If-Match` fails;
 *   UnavailableError (503) as `bookTransaction` does.
 */
export async function trashCard(
  deps: Pick<ApiDependencies, 'db' | 'now'>,
  userId: string,
  name: string,
  conditions: WriteConditions,
): Promise<void> {
  await bookTransaction(deps.db, userId, async (db) => {
    const [current] = await db
      .select({ id: contacts.id, revision: contacts.revision })
      .from(contacts)
      .where(
        and(eq(contacts.userId, userId), eq(contacts.davName, name), isNull(contacts.trashedAt)),
      )
      .for('update');
    if (!current) throw new DavError(404, 'There is no card here.');
    checkConditions(current, conditions);
    await updateContactRows(db, userId, eq(contacts.id, current.id), { trashedAt: deps.now() });
  });
}

/** Saves the book's name and the person's own card (PROPPATCH), null to remove either. */
export async function saveBookProperties(
  db: Database,
  userId: string,
  values: { name?: string | null; meCard?: string | null },
): Promise<void> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (values.name !== undefined) set.addressBookName = values.name;
  if (values.meCard !== undefined) set.meCard = values.meCard;
  if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.id, userId));
}

/** Tombstones are kept this long, in ms: past the trash's 30 days, so phones learn of a purge. */
export const TOMBSTONE_RETENTION_MS = 60 * 24 * 60 * 60_000;

/**
 * Deletes tombstones (`dav_tombstones`) older than `TOMBSTONE_RETENTION_MS` and raises each
 * affected account's sync floor past them, so a token from before answers `valid-sync-token` and
 * its client syncs anew instead of missing a deletion (RFC 6578 §3.2). Run by the hourly job.
 *
 * @returns how many tombstones were deleted.
 */
export async function purgeTombstones(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TOMBSTONE_RETENTION_MS);
  const removed = await db
    .delete(davTombstones)
    .where(lt(davTombstones.deletedAt, cutoff))
    .returning({ userId: davTombstones.userId, revision: davTombstones.revision });
  const floors = new Map<string, number>();
  for (const { userId, revision } of removed) {
    floors.set(userId, Math.max(floors.get(userId) ?? 0, revision));
  }
  for (const [userId, floor] of floors) {
    await db
      .update(users)
      .set({ davSyncFloor: sql`greatest(${users.davSyncFloor}, ${floor})` })
      .where(eq(users.id, userId));
  }
  return removed.length;
}
