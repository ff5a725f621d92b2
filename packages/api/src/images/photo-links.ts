import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ImageStorage, ImageStore } from '../storage/image-storage';

/** Where the server serves images. */
export const PHOTO_PATH_PREFIX = '/uploads/';

/**
 * How long a photo link lives, in ms: between one and two of these. Links expire on the
 * hour boundaries of this length, so one image keeps one address (and the browser's cache)
 * for up to an hour, and a link copied out of the app stops working within two.
 */
export const PHOTO_LINK_TTL_MS = 60 * 60_000;

/**
 * Gives a store the addresses browsers load its images from: `/uploads/<key>?exp=<unix
 * seconds>&sig=<HMAC-SHA256 of key and exp>` (docs/decisions/0009-photos-behind-signed-links.md:
 * photos were public for a year).
 * The server checks the signature, the time, and that the image's owner still has an
 * account, before it sends a byte (`servePhoto`).
 *
 * @param key HMAC key for photo links (32 bytes, `AuthKeys.photoLinks`).
 * @param now the clock.
 */
export function withPhotoLinks(store: ImageStore, key: Uint8Array, now: () => Date): ImageStorage {
  return {
    put: (storageKey, bytes, contentType) => store.put(storageKey, bytes, contentType),
    get: (storageKey) => store.get(storageKey),
    delete: (storageKey) => store.delete(storageKey),
    urlFor(storageKey) {
      const ms = now().getTime();
      const expires = Math.ceil((ms + PHOTO_LINK_TTL_MS) / PHOTO_LINK_TTL_MS) * PHOTO_LINK_TTL_MS;
      const exp = Math.floor(expires / 1000);
      const sig = photoSignature(key, storageKey, exp);
      return `${PHOTO_PATH_PREFIX}${storageKey}?exp=${exp}&sig=${sig}`;
    },
  };
}

/**
 * Checks a photo link's signature and expiry.
 *
 * @returns the seconds it stays valid, or null for a forged, malformed or expired link.
 */
export function checkPhotoLink(
  key: Uint8Array,
  storageKey: string,
  exp: string | undefined,
  sig: string | undefined,
  now: Date,
): number | null {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
  const expected = Buffer.from(photoSignature(key, storageKey, Number(exp)));
  if (!timingSafeEqual(expected, Buffer.from(sig))) return null;
  const left = Number(exp) - Math.floor(now.getTime() / 1000);
  return left > 0 ? left : null;
}

function photoSignature(key: Uint8Array, storageKey: string, exp: number): string {
  return createHmac('sha256', key).update(`${storageKey}\n${exp}`).digest('base64url');
}
