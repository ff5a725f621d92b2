import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { REMINDER_LINK_TOKEN } from '@kith/validators';

/**
 * The secrets in reminder mails' unsubscribe links and in calendar feed addresses: a
 * 16-byte id (22 base64url characters) followed by its HMAC-SHA256 under the reminder-links
 * key (43 characters), with a purpose in the MAC so one kind never opens the other.
 * Nothing is stored for them beyond the id, and a copy of the database without APP_SECRET
 * opens nothing (OWASP "Cryptographic Storage").
 */
export type TokenPurpose = 'unsubscribe' | 'calendar-feed';

function mac(key: Uint8Array, purpose: TokenPurpose, id: string, version: number): string {
  // Version 0 is the text signed before tokens had versions, so those links keep working.
  const text = version === 0 ? `${purpose}:${id}` : `${purpose}:${id}:${version}`;
  return createHmac('sha256', key).update(text).digest('base64url');
}

/**
 * A token for `id` (22 base64url characters, from `newTokenId` or `uuidTokenId`). `version`
 * (an integer >= 0, default 0) is signed in but not written out: the verifier must know it
 * (the unsubscribe link's settings version), so a token of another version does not verify.
 */
export function signToken(key: Uint8Array, purpose: TokenPurpose, id: string, version = 0): string {
  return id + mac(key, purpose, id, version);
}

/**
 * The id inside `token` when its MAC is right for `purpose` and `version` (default 0); null
 * when it is not, and null for a token of the wrong shape (callers answer 400 for the shape
 * first, see `REMINDER_LINK_TOKEN`). Compares in constant time.
 */
export function verifyToken(
  key: Uint8Array,
  purpose: TokenPurpose,
  token: string,
  version = 0,
): string | null {
  if (!REMINDER_LINK_TOKEN.test(token)) return null;
  const id = token.slice(0, 22);
  const given = Buffer.from(token.slice(22));
  const expected = Buffer.from(mac(key, purpose, id, version));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** A fresh random id for a token. */
export function newTokenId(): string {
  return randomBytes(16).toString('base64url');
}

/** A UUID as a token id (its 16 bytes in base64url), and back. */
export function uuidTokenId(uuid: string): string {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
}
export function tokenIdUuid(id: string): string {
  const hex = Buffer.from(id, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
