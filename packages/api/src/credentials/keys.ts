import { hkdfSync } from 'node:crypto';

/** The keys derived from APP_SECRET, one per purpose, so no key is used for two jobs. */
export interface AuthKeys {
  /** HS256 key for access JWTs (32 bytes). */
  accessToken: Uint8Array;
  /** A256GCM key for the sealed cookies `v_ue`, `user` and the recovery state (32 bytes). */
  cookieEncryption: Uint8Array;
  /** HMAC-SHA256 key for one-time codes and refresh tokens at rest (32 bytes). */
  tokenHashing: Uint8Array;
  /** HMAC-SHA256 key for the short-lived photo links (32 bytes). */
  photoLinks: Uint8Array;
  /** HMAC-SHA256 key for reminder mails' unsubscribe links and calendar feed addresses. */
  reminderLinks: Uint8Array;
  /** AES-256-GCM key for authenticator apps' shared secrets at rest (32 bytes). */
  secondFactorSecrets: Uint8Array;
}

/** Derives the keys with HKDF-SHA256 (RFC 5869), each with its own `info` label. */
export function deriveAuthKeys(appSecret: string): AuthKeys {
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', appSecret, 'kith', info, 32));
  return {
    accessToken: derive('access-token'),
    cookieEncryption: derive('cookie-encryption'),
    tokenHashing: derive('token-hashing'),
    photoLinks: derive('photo-links'),
    reminderLinks: derive('reminder-links'),
    secondFactorSecrets: derive('second-factor-secrets'),
  };
}
