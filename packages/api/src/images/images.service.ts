import { schema } from '@kith/db';
import type { Database } from '@kith/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { NotFoundError } from '../shared/errors';
import { processImage, type ProcessedImage } from './process';
import type { ImageStorage, ImageStore } from '../storage/image-storage';
import { bookTransaction } from '../shared/write-transaction';

const { contactVersions, images, users } = schema;

export const IMAGE_NOT_FOUND = 'Image not found.';

export interface UploadedImage {
  publicId: string;
  url: string;
}

/**
 * Stores an uploaded image for its owner (POST /image). With `replacePublicId`, the
 * owner's earlier upload is deleted once the new one is stored.
 *
 * @throws PayloadTooLargeError / ValidationError from `processImage`; NotFoundError when
 *   `replacePublicId` is not an image of this owner.
 */
export async function uploadImage(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'now'>,
  ownerId: string,
  bytes: Uint8Array,
  replacePublicId?: string,
): Promise<UploadedImage> {
  if (replacePublicId) await ownedImage(deps.db, ownerId, replacePublicId);
  const stored = await storeImage(deps.images, await processImage(bytes));
  await deps.db.insert(images).values(imageRow(stored, ownerId, deps.now()));
  if (replacePublicId) await deleteImages(deps, ownerId, [replacePublicId]);
  return { publicId: stored.id, url: deps.images.urlFor(stored.storageKey) };
}

/** A processed image whose bytes are stored, waiting for its row. */
export interface StoredImage {
  id: string;
  storageKey: string;
  image: ProcessedImage;
}

/**
 * Stores a processed image's bytes under a new key (`<uuid>.webp`). The caller inserts its
 * row (`imageRow`), alone or with others in a transaction, and on failure removes the bytes
 * (`removeBytes`): bytes first, then the row, so no row ever points at nothing.
 */
export async function storeImage(storage: ImageStore, image: ProcessedImage): Promise<StoredImage> {
  const id = crypto.randomUUID();
  const storageKey = `${id}.webp`;
  await storage.put(storageKey, image.bytes, image.contentType);
  return { id, storageKey, image };
}

/** The `images` row of a stored image; `attachedAt` when a contact or profile shows it at once. */
export function imageRow(
  stored: StoredImage,
  ownerId: string,
  createdAt: Date,
  attachedAt: Date | null = null,
): typeof images.$inferInsert {
  const { id, storageKey, image } = stored;
  return {
    id,
    ownerId,
    storageKey,
    contentType: image.contentType,
    byteSize: image.bytes.byteLength,
    width: image.width,
    height: image.height,
    createdAt,
    attachedAt,
  };
}

/**
 * Deletes one of the owner's images (DELETE /image/{id}); a contact showing it falls
 * back to its initials.
 *
 * @throws NotFoundError when the image does not exist or belongs to someone else.
 */
export async function deleteImage(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  ownerId: string,
  publicId: string,
): Promise<{ publicId: string }> {
  await ownedImage(deps.db, ownerId, publicId);
  await deleteImages(deps, ownerId, [publicId]);
  return { publicId };
}

/** Checks an image is the owner's; returns its row. */
export async function ownedImage(db: Database, ownerId: string, publicId: string) {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, publicId), eq(images.ownerId, ownerId)));
  if (!row) throw new NotFoundError(IMAGE_NOT_FOUND);
  return row;
}

/**
 * An image no version in the history shows: a photo replaced or removed stays while a kept
 * version of its contact shows it (30 days), so "Restore this version" brings it back
 * (docs/history.md#photos). Retention deletes it once those versions are forgotten.
 */
export const notInHistory = sql`not exists (select 1 from ${contactVersions} where ${contactVersions.photoImageId} = ${images.id})`;

/**
 * Deletes rows then bytes of the owner's images among `ids`; unknown ids are skipped, and so
 * are images the history still shows (`notInHistory`).
 */
export async function deleteImages(
  deps: { db: Database; images: ImageStorage },
  ownerId: string | null,
  ids: string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const condition = and(
    ownerId ? and(inArray(images.id, ids), eq(images.ownerId, ownerId)) : inArray(images.id, ids),
    notInHistory,
  );
  // Deleting an image clears the avatar of any contact showing it: a write of the owner's
  // contacts, so it takes the book lock first as every such write does.
  const remove = (db: Database) =>
    db.delete(images).where(condition).returning({ key: images.storageKey });
  const removed = ownerId ? await bookTransaction(deps.db, ownerId, remove) : await remove(deps.db);
  await removeBytes(
    deps.images,
    removed.map((r) => r.key),
  );
  return removed.length;
}

/** Deleting bytes after their rows: a failure leaves an unreachable file, never a broken row. */
export async function removeBytes(storage: ImageStorage, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}

/**
 * The content type of the image stored at `key` while its owner's account exists, or null:
 * a deleted account's photos are never served, even before the purge erases them.
 */
export async function servedImageType(db: Database, key: string): Promise<string | null> {
  const [row] = await db
    .select({ contentType: images.contentType })
    .from(images)
    .innerJoin(users, eq(users.id, images.ownerId))
    .where(and(eq(images.storageKey, key), isNull(users.deletedAt)));
  return row?.contentType ?? null;
}
