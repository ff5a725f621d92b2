import { schema, type Database, type Passkey } from '@kith/db';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { ClientInfo } from '../credentials/sessions';
import { mailRecipientOf } from '../mail/recipient';
import { NotFoundError, PreconditionFailedError, ValidationError } from '../shared/errors';
import type { ApiDependencies } from '../trpc/context';
import {
  acceptAuthenticatorCode,
  authenticatorAppSince,
  removeAuthenticatorApp,
  startAuthenticatorApp,
} from './authenticator-app';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  relyingParty,
  verifyPasskey,
} from './passkeys';
import {
  deleteRecoveryCodes,
  replaceRecoveryCodes,
  spendRecoveryCode,
  unusedRecoveryCodes,
} from './recovery-codes';
import { failedSecondFactorMail, newSignInMail, type SignInMailRecipient } from './sign-in-mails';
import { totpUri } from './totp';

const { passkeys, recoveryCodes, users } = schema;

/** The ways an account can pass its second step, in the order the screen offers them. */
export type SecondFactorMethod = 'passkey' | 'totp' | 'recoveryCode';

/** One proof of the second factor: an app's code, a recovery code or a passkey's answer. */
export type SecondFactorProof =
  { totp: string } | { recoveryCode: string } | { passkey: AuthenticationResponseJSON };

export const secondFactorMessages = {
  wrongTotp: 'That code is not right. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not right, or it was already used.',
  stepUpNeeded: 'Confirm it is you with your second factor first.',
  noPasskey: 'No passkey with this id.',
} as const;

/**
 * The account's ways through the second step; empty while the second factor is off. It is on
 * while the account has a passkey or a confirmed authenticator app (docs/sign-in-security.md).
 * Recovery codes count only beside one of those.
 */
export async function secondFactorMethods(
  db: Database,
  userId: string,
): Promise<SecondFactorMethod[]> {
  const [keys, appSince, codesLeft] = await Promise.all([
    listPasskeys(db, userId),
    authenticatorAppSince(db, userId),
    unusedRecoveryCodes(db, userId),
  ]);
  const methods: SecondFactorMethod[] = [];
  if (keys.length > 0) methods.push('passkey');
  if (appSince) methods.push('totp');
  if (methods.length > 0 && codesLeft > 0) methods.push('recoveryCode');
  return methods;
}

/**
 * Checks one proof of the account's second factor. A failed attempt during sign-in
 * (`ceremony` 'second_factor') mails the account, since whoever tried knew the password
 * (docs/sign-in-security.md#sign-in-mails).
 *
 * @returns how many recovery codes are left when one was spent, else null.
 * @throws ValidationError (400) with `fieldErrors.code` for a wrong or reused code, and for a
 *   passkey answer that does not verify (passkeys.ts says which).
 */
export async function proveSecondFactor(
  deps: ApiDependencies,
  userId: string,
  proof: SecondFactorProof,
  ceremony: 'second_factor' | 'confirm',
  client: ClientInfo,
): Promise<{ recoveryCodesLeft: number | null }> {
  const now = deps.now();
  try {
    if ('passkey' in proof) {
      const rp = relyingParty(deps.publicUrl);
      await verifyPasskey(deps.db, rp, ceremony, userId, proof.passkey, now);
      return { recoveryCodesLeft: null };
    }
    if ('totp' in proof) {
      const key = deps.keys.secondFactorSecrets;
      if (await acceptAuthenticatorCode(deps.db, key, userId, proof.totp, now, 'confirmed')) {
        return { recoveryCodesLeft: null };
      }
      throw new ValidationError(secondFactorMessages.wrongTotp, {
        code: [secondFactorMessages.wrongTotp],
      });
    }
    const left = (await secondFactorMethods(deps.db, userId)).length
      ? await spendRecoveryCode(deps.db, deps.keys.tokenHashing, userId, proof.recoveryCode, now)
      : null;
    if (left !== null) return { recoveryCodesLeft: left };
    throw new ValidationError(secondFactorMessages.wrongRecoveryCode, {
      code: [secondFactorMessages.wrongRecoveryCode],
    });
  } catch (error) {
    if (ceremony === 'second_factor' && error instanceof ValidationError) {
      await mailSignInEvent(deps, userId, client, 'failed');
    }
    throw error;
  }
}

/**
 * Mails the account about a sign-in from a new browser or a failed second step. A mail that
 * cannot be sent is logged by the mailer and never fails the sign-in it reports.
 */
export async function mailSignInEvent(
  deps: ApiDependencies,
  userId: string,
  client: ClientInfo,
  kind: 'new' | 'failed',
): Promise<void> {
  const recipient = await mailRecipient(deps, userId);
  if (!recipient) return;
  const facts = { at: deps.now(), ...client };
  const message =
    kind === 'new' ? newSignInMail(recipient, facts) : failedSecondFactorMail(recipient, facts);
  try {
    await deps.mailer.send(message);
  } catch {
    // The person is already told on screen; the alert is a courtesy that must not block it.
  }
}

async function mailRecipient(
  deps: ApiDependencies,
  userId: string,
): Promise<SignInMailRecipient | null> {
  const person = await mailRecipientOf(deps.db, userId);
  return person && { ...person, publicUrl: deps.publicUrl };
}

/**
 * The account's id, email and name, as passkeys and authenticator apps label it.
 *
 * @throws NotFoundError when the account is gone.
 */
export async function accountIdentity(
  db: Database,
  userId: string,
): Promise<{ id: string; email: string; name: string }> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new NotFoundError('Your account is no longer available.');
  return user;
}

/** A passkey as the profile page lists it. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

function summary(passkey: Passkey): PasskeySummary {
  const { id, name, createdAt, lastUsedAt } = passkey;
  return { id, name, createdAt, lastUsedAt };
}

/** What the "Sign-in security" card shows. */
export interface SecurityOverview {
  secondFactorOn: boolean;
  passkeys: PasskeySummary[];
  totp: { enabledAt: Date } | null;
  recoveryCodes: { left: number; createdAt: Date } | null;
}

/** The account's passkeys, authenticator app and recovery codes. */
export async function securityOverview(
  deps: ApiDependencies,
  userId: string,
): Promise<SecurityOverview> {
  const [keys, appSince, codes] = await Promise.all([
    listPasskeys(deps.db, userId),
    authenticatorAppSince(deps.db, userId),
    deps.db
      .select({ usedAt: recoveryCodes.usedAt, createdAt: recoveryCodes.createdAt })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, userId)),
  ]);
  return {
    secondFactorOn: keys.length > 0 || appSince !== null,
    passkeys: keys.map(summary),
    totp: appSince ? { enabledAt: appSince } : null,
    recoveryCodes: codes.length
      ? { left: codes.filter((c) => !c.usedAt).length, createdAt: codes[0]!.createdAt }
      : null,
  };
}

/**
 * Refuses a change of sign-in security (a factor, the password) while the second factor is on
 * and this session has not passed a check in the last minutes (OWASP Multifactor
 * Authentication Cheat Sheet: re-authenticate before changing a factor).
 *
 * @param confirmedUntil until when the session's last check counts (`stepUpUntil`), or null.
 * @throws PreconditionFailedError (412) without a fresh check.
 */
export async function assertFreshSecondFactor(
  db: Database,
  userId: string,
  confirmedUntil: Date | null,
): Promise<void> {
  if (confirmedUntil) return;
  if ((await secondFactorMethods(db, userId)).length === 0) return;
  throw new PreconditionFailedError(secondFactorMessages.stepUpNeeded);
}

/**
 * Gives the account its first set of recovery codes when it has none: called as a first
 * factor is confirmed, so the codes are shown at set-up.
 *
 * @returns the new codes, or null when the account already had a set.
 */
async function firstRecoveryCodes(deps: ApiDependencies, userId: string): Promise<string[] | null> {
  const [existing] = await deps.db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
    .limit(1);
  if (existing) return null;
  return replaceRecoveryCodes(deps.db, deps.keys.tokenHashing, userId, deps.now());
}

/** After a factor is removed: with none left, the recovery codes go too (they guard nothing). */
async function afterFactorRemoved(db: Database, userId: string): Promise<void> {
  if ((await secondFactorMethods(db, userId)).length === 0) await deleteRecoveryCodes(db, userId);
}

/**
 * Starts setting up an authenticator app.
 *
 * @returns `{secret, uri, qrCode}`: the base32 secret, its otpauth:// address and the address as
 *   a QR code, an SVG data: URL drawn here (no third party sees the secret).
 * @throws ConflictError when an app is already set up.
 */
export async function startTotpSetup(
  deps: ApiDependencies,
  user: { id: string; email: string },
): Promise<{ secret: string; uri: string; qrCode: string }> {
  const secret = await startAuthenticatorApp(
    deps.db,
    deps.keys.secondFactorSecrets,
    user.id,
    deps.now(),
  );
  const uri = totpUri(secret, user.email, `Kith (${new URL(deps.publicUrl).host})`);
  // qrcode is loaded for the few who set up an app, not at start (docs/performance.md#memory).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Confirms the app being set up with its first code.
 *
 * @returns when it was turned on, and the first recovery codes when it is the first factor.
 * @throws ValidationError on `code` for a wrong code; NotFoundError when no set-up was started.
 */
export async function enableTotp(
  deps: ApiDependencies,
  userId: string,
  code: string,
): Promise<{ enabledAt: Date; recoveryCodes: string[] | null }> {
  const key = deps.keys.secondFactorSecrets;
  if (!(await acceptAuthenticatorCode(deps.db, key, userId, code, deps.now(), 'pending'))) {
    throw new ValidationError(secondFactorMessages.wrongTotp, {
      code: [secondFactorMessages.wrongTotp],
    });
  }
  const enabledAt = (await authenticatorAppSince(deps.db, userId)) ?? deps.now();
  return { enabledAt, recoveryCodes: await firstRecoveryCodes(deps, userId) };
}

/** Turns the authenticator app off. @returns whether there was one. */
export async function disableTotp(deps: ApiDependencies, userId: string): Promise<boolean> {
  const removed = await removeAuthenticatorApp(deps.db, userId);
  await afterFactorRemoved(deps.db, userId);
  return removed;
}

/** Options for the browser to create a passkey for this account (passkeys.ts). */
export function passkeyRegistrationOptions(
  deps: ApiDependencies,
  user: { id: string; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return registrationOptions(deps.db, relyingParty(deps.publicUrl), user, deps.now());
}

/**
 * Adds the passkey the browser created.
 *
 * @returns it, and the first recovery codes when it is the first factor.
 * @throws ValidationError when the browser's answer does not verify (passkeys.ts).
 */
export async function addAccountPasskey(
  deps: ApiDependencies,
  userId: string,
  name: string,
  response: RegistrationResponseJSON,
): Promise<{ passkey: PasskeySummary; recoveryCodes: string[] | null }> {
  const rp = relyingParty(deps.publicUrl);
  const added = await addPasskey(deps.db, rp, userId, name, response, deps.now());
  return { passkey: summary(added), recoveryCodes: await firstRecoveryCodes(deps, userId) };
}

/** Renames one of the account's passkeys. @throws NotFoundError when it is not the account's. */
export async function renamePasskey(
  deps: ApiDependencies,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeySummary> {
  const [renamed] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!renamed) throw new NotFoundError(secondFactorMessages.noPasskey);
  return summary(renamed);
}

/** Removes one of the account's passkeys. @throws NotFoundError when it is not the account's. */
export async function removePasskey(
  deps: ApiDependencies,
  userId: string,
  id: string,
): Promise<void> {
  const removed = await deps.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!removed.length) throw new NotFoundError(secondFactorMessages.noPasskey);
  await afterFactorRemoved(deps.db, userId);
}

/**
 * A new set of recovery codes; the old ones stop working.
 *
 * @throws PreconditionFailedError while the second factor is off (codes would guard nothing).
 */
export async function regenerateRecoveryCodes(
  deps: ApiDependencies,
  userId: string,
): Promise<string[]> {
  if ((await secondFactorMethods(deps.db, userId)).length === 0) {
    throw new PreconditionFailedError('Turn on a passkey or an authenticator app first.');
  }
  return replaceRecoveryCodes(deps.db, deps.keys.tokenHashing, userId, deps.now());
}
