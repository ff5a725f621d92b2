import {
  bigint,
  boolean,
  customType,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * Passkeys (WebAuthn Level 3 public key credentials) an account signs in with, alone or as its
 * second factor (docs/sign-in-security.md). Only the public key is kept; `signCount` is the
 * authenticator's counter, which must grow unless it stays 0 (a synced passkey).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential's id as the authenticator gave it, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key. */
    publicKey: bytea('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    /** How the browser can reach the authenticator ('internal', 'hybrid', 'usb'...). */
    transports: text('transports').array().notNull().default([]),
    /** Whether the passkey is synced between devices (WebAuthn backup eligibility/state). */
    backedUp: boolean('backed_up').notNull().default(false),
    /** The person's name for it ("MacBook Touch ID"). */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_id_idx').on(t.userId),
  ],
);

/**
 * An account's authenticator app (TOTP, RFC 6238). The shared secret must be read back to
 * check codes, so it is kept encrypted with a key derived from APP_SECRET, never hashed.
 * `confirmedAt` is null while the person is setting it up (a first code not yet entered);
 * `lastUsedStep` is the time step of the last code accepted, so each code works once.
 */
export const totpAuthenticators = pgTable('totp_authenticators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM of the base32 secret: iv, tag and ciphertext, base64url, dot-separated. */
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use recovery codes (OWASP Multifactor Authentication Cheat Sheet): ten per set, only
 * their HMAC kept; a new set replaces the old one.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/** What a WebAuthn challenge was issued for. */
export const webauthnCeremony = pgEnum('webauthn_ceremony', [
  'register',
  'sign_in',
  'second_factor',
  'confirm',
]);

/**
 * WebAuthn challenges waiting for their answer. A challenge is deleted as it is used, so an
 * answer can never be replayed, and expires after a few minutes. `userId` is null for a
 * passkey sign-in, where the account is not known until the passkey names it.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    ceremony: webauthnCeremony('ceremony').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_at_idx').on(t.expiresAt)],
);

/** A row of `passkeys`. */
export type Passkey = typeof passkeys.$inferSelect;
