import { schema, type Database } from '@kith/db';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../shared/errors';
import { decryptSecret, encryptSecret } from './secret-box';
import { newTotpSecret, totpStepOf } from './totp';

const { totpAuthenticators } = schema;

export const authenticatorAppMessages = {
  alreadyOn: 'An authenticator app is already set up. Turn it off first to set up another.',
  notStarted: 'Start setting up the authenticator app again.',
} as const;

/**
 * Starts setting up an authenticator app: a new secret, kept encrypted and unconfirmed until
 * the first code proves the app holds it. Starting again replaces an unconfirmed secret.
 *
 * @returns the secret, base32, to show as text and in the QR code.
 * @throws ConflictError when a confirmed app is already set up.
 */
export async function startAuthenticatorApp(
  db: Database,
  key: Uint8Array,
  userId: string,
  now: Date,
): Promise<string> {
  const secret = newTotpSecret();
  const [row] = await db
    .insert(totpAuthenticators)
    .values({ userId, secretCiphertext: encryptSecret(key, secret), createdAt: now })
    .onConflictDoUpdate({
      target: totpAuthenticators.userId,
      set: { secretCiphertext: encryptSecret(key, secret), createdAt: now, lastUsedStep: null },
      setWhere: isNull(totpAuthenticators.confirmedAt),
    })
    .returning({ userId: totpAuthenticators.userId });
  if (!row) throw new ConflictError(authenticatorAppMessages.alreadyOn);
  return secret;
}

/**
 * Accepts a code of the account's app: valid within one step of `now` and of a later step than
 * the last code accepted, recorded in the same statement, so a code (or an older one) never
 * works twice, even raced (RFC 6238 §5.2).
 *
 * @param state 'confirmed' to sign in or confirm; 'pending' for the first code of a set-up, which
 *   also confirms the app.
 * @returns whether the code was accepted.
 * @throws NotFoundError for 'pending' when no set-up was started.
 */
export async function acceptAuthenticatorCode(
  db: Database,
  key: Uint8Array,
  userId: string,
  code: string,
  now: Date,
  state: 'confirmed' | 'pending',
): Promise<boolean> {
  const [app] = await db
    .select()
    .from(totpAuthenticators)
    .where(
      and(
        eq(totpAuthenticators.userId, userId),
        state === 'confirmed'
          ? isNotNull(totpAuthenticators.confirmedAt)
          : isNull(totpAuthenticators.confirmedAt),
      ),
    );
  if (!app) {
    if (state === 'pending') throw new NotFoundError(authenticatorAppMessages.notStarted);
    return false;
  }
  const step = totpStepOf(decryptSecret(key, app.secretCiphertext), code, now);
  if (step === null) return false;
  const [accepted] = await db
    .update(totpAuthenticators)
    .set({ lastUsedStep: step, ...(state === 'pending' ? { confirmedAt: now } : {}) })
    .where(
      and(
        eq(totpAuthenticators.userId, userId),
        or(isNull(totpAuthenticators.lastUsedStep), lt(totpAuthenticators.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpAuthenticators.userId });
  return Boolean(accepted);
}

/** When the account's app was confirmed, or null without one. */
export async function authenticatorAppSince(db: Database, userId: string): Promise<Date | null> {
  const [app] = await db
    .select({ confirmedAt: totpAuthenticators.confirmedAt })
    .from(totpAuthenticators)
    .where(eq(totpAuthenticators.userId, userId));
  return app?.confirmedAt ?? null;
}

/** Removes the account's app, confirmed or not. @returns whether there was one. */
export async function removeAuthenticatorApp(db: Database, userId: string): Promise<boolean> {
  const removed = await db
    .delete(totpAuthenticators)
    .where(eq(totpAuthenticators.userId, userId))
    .returning({ userId: totpAuthenticators.userId });
  return removed.length > 0;
}
