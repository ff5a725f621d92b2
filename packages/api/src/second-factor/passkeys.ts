import { schema, type Database, type Passkey } from '@kith/db';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type * as WebAuthn from '@simplewebauthn/server';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ValidationError } from '../shared/errors';

const { passkeys, webauthnChallenges } = schema;

let webauthnModule: Promise<typeof WebAuthn> | undefined;

/**
 * @simplewebauthn/server, loaded with the first passkey ceremony rather than at start: with
 * its certificate and CBOR parsers it is some 20 MB of a server's memory that an account
 * without passkeys never uses (docs/performance.md#memory).
 */
function webauthn() {
  return (webauthnModule ??= import('@simplewebauthn/server'));
}

/** What a WebAuthn challenge is for (docs/sign-in-security.md#passkeys). */
export type Ceremony = 'register' | 'sign_in' | 'second_factor' | 'confirm';

/** How long a browser has to answer a challenge, in ms (WebAuthn's own timeout, plus slack). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** The browser's prompt timeout, in ms. */
const PROMPT_TIMEOUT_MS = 4 * 60_000;

export const passkeyMessages = {
  expired: 'This passkey request has expired or was already used. Please try again.',
  unknown: 'This passkey is not registered with Kith.',
  failed: 'The passkey could not be verified. Please try again.',
  duplicate: 'This passkey is already added to your account.',
} as const;

/** The relying party: Kith's host (the RP ID) and the origin browsers must report. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The relying party Kith is at PUBLIC_URL (WebAuthn Level 3, §5.1.4: the RP ID is the host). */
export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Kith' };
}

async function keepChallenge(
  db: Database,
  challenge: string,
  ceremony: Ceremony,
  userId: string | null,
  now: Date,
): Promise<void> {
  // Forget answers never given, so the table holds only live challenges.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    challenge,
    ceremony,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/**
 * The challenge a browser's answer signed, taken out of the store as it is read: an answer is
 * accepted once (no replay), only for the ceremony and account it was issued for, and only
 * within CHALLENGE_TTL_MS.
 *
 * @throws ValidationError when the answer names no live challenge of this ceremony and account.
 */
async function takeChallenge(
  db: Database,
  clientDataJSON: string,
  ceremony: Ceremony,
  userId: string | null,
  now: Date,
): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  const [taken] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.ceremony, ceremony),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (!taken) throw new ValidationError(passkeyMessages.expired);
  return taken.challenge;
}

/** The `challenge` of a base64url clientDataJSON. @throws ValidationError when unreadable. */
function challengeOf(clientDataJSON: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown }).challenge;
    if (typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512) {
      return challenge;
    }
  } catch {
    // falls through to the refusal below
  }
  throw new ValidationError(passkeyMessages.failed);
}

/** The WebAuthn user handle of an account, base64url: its id's UTF-8 bytes. */
function userHandleOf(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

/** The account's passkeys, oldest first. */
export function listPasskeys(db: Database, userId: string): Promise<Passkey[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
}

/**
 * Options for adding a passkey (WebAuthn `navigator.credentials.create`): a discoverable
 * credential, so it can later sign in without an email; the account's passkeys excluded, so
 * one authenticator is not added twice; no attestation asked (Kith trusts any authenticator).
 */
export async function registrationOptions(
  db: Database,
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(db, user.id);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: Buffer.from(userHandleOf(user.id), 'base64url'),
    timeout: PROMPT_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(db, options.challenge, 'register', user.id, now);
  return options;
}

/**
 * Checks a browser's new credential against the challenge issued to this account and keeps it.
 *
 * @throws ValidationError (400) for an answer that is malformed, for another origin or RP ID, to
 *   an unknown, used or expired challenge, or for a credential already registered.
 */
export async function addPasskey(
  db: Database,
  rp: RelyingParty,
  userId: string,
  name: string,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<Passkey> {
  const challenge = await takeChallenge(
    db,
    response.response.clientDataJSON,
    'register',
    userId,
    now,
  );
  const { verifyRegistrationResponse } = await webauthn();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw new ValidationError(passkeyMessages.failed);
  }
  if (!verified.verified) throw new ValidationError(passkeyMessages.failed);
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const [added] = await db
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      signCount: credential.counter,
      transports: credential.transports ?? [],
      backedUp: credentialBackedUp,
      name,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!added) throw new ValidationError(passkeyMessages.duplicate);
  return added;
}

/**
 * Options for proving a passkey (`navigator.credentials.get`). For a passkey sign-in
 * (`userId` null) the browser offers any of Kith's passkeys on the device and the person must be
 * verified (PIN, fingerprint), since the passkey is then both factors; for a second step or a
 * confirmation only the account's passkeys are allowed.
 */
export async function authenticationOptions(
  db: Database,
  rp: RelyingParty,
  ceremony: Exclude<Ceremony, 'register'>,
  userId: string | null,
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowed = userId ? await listPasskeys(db, userId) : [];
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PROMPT_TIMEOUT_MS,
    userVerification: ceremony === 'sign_in' ? 'required' : 'preferred',
    allowCredentials: allowed.map((p) => ({ id: p.credentialId, transports: p.transports })),
  });
  await keepChallenge(db, options.challenge, ceremony, userId, now);
  return options;
}

/**
 * Checks a passkey's answer to a challenge issued for `ceremony` (and `userId`, when the account
 * was known), moves its counter and last use.
 *
 * @returns the account the passkey belongs to and the passkey's id.
 * @throws ValidationError (400) for a malformed answer, another origin or RP ID, a used or expired
 *   challenge, a counter that went back (a cloned authenticator), a passkey not registered (or,
 *   with `userId`, not that account's), or a sign-in without user verification.
 */
export async function verifyPasskey(
  db: Database,
  rp: RelyingParty,
  ceremony: Exclude<Ceremony, 'register'>,
  userId: string | null,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<{ userId: string; passkeyId: string }> {
  const challenge = await takeChallenge(
    db,
    response.response.clientDataJSON,
    ceremony,
    userId,
    now,
  );
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!passkey || (userId !== null && passkey.userId !== userId)) {
    throw new ValidationError(passkeyMessages.unknown);
  }
  // WebAuthn Level 3 §7.2 step 6: a user handle the authenticator returns must be the one the
  // credential was made for (the account's id, as `registrationOptions` gave it).
  const { userHandle } = response.response;
  if (userHandle !== undefined && userHandle !== userHandleOf(passkey.userId)) {
    throw new ValidationError(passkeyMessages.unknown);
  }
  const { verifyAuthenticationResponse } = await webauthn();
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.signCount,
        transports: passkey.transports,
      },
      requireUserVerification: ceremony === 'sign_in',
    });
  } catch {
    throw new ValidationError(passkeyMessages.failed);
  }
  if (!verified.verified) throw new ValidationError(passkeyMessages.failed);
  await db
    .update(passkeys)
    .set({
      signCount: sql`greatest(${passkeys.signCount}, ${verified.authenticationInfo.newCounter})`,
      backedUp: verified.authenticationInfo.credentialBackedUp,
      lastUsedAt: now,
    })
    .where(eq(passkeys.id, passkey.id));
  return { userId: passkey.userId, passkeyId: passkey.id };
}
