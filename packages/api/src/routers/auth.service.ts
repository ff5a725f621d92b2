import { schema } from '@kith/db';
import type {
  ColorSchemePreference,
  ContactSort,
  InterfaceLocale,
  LoginInput,
  SignupInput,
} from '@kith/validators';
import { eq } from 'drizzle-orm';
import type { ApiDependencies } from '../context';
import { issueCode, consumeCode, withdrawCode, type CodePurpose } from '../auth/one-time-codes';
import {
  assertUncommonPassword,
  decoyPasswordHash,
  hashPassword,
  verifyPassword,
} from '../auth/passwords';
import { getProfile } from '../account/account.service';
import { startSession, type ClientInfo, type IssuedTokens } from '../auth/sessions';
import {
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  UnavailableError,
} from '../errors';
import type { MailMessage } from '../mail/mailer';
import { recoveryMail, verificationMail } from '../mail/templates';
import { purgeAccount } from '../account/purge';

const { users } = schema;

export const authMessages = {
  emailTaken: 'An account with this email already exists. Try logging in.',
  badCredentials: 'Invalid email or password.',
  noPendingAccount: 'No account is waiting for verification with this email.',
  alreadyVerified: 'This email is already verified. Please log in.',
  mailFailed: 'We could not send the email right now. Please try again in a moment.',
} as const;

/** The signed-in person as the app shell needs them: who, their photo and preferences. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  /** The profile photo's address, or null to draw initials. */
  avatarUrl: string | null;
  /** Chosen interface language; null follows the browser. */
  locale: InterfaceLocale | null;
  colorScheme: ColorSchemePreference;
  /** The order of the contacts and favorites lists. */
  contactSort: ContactSort;
}

/**
 * Creates an account waiting for verification and mails its code (SPEC §4 "Signup success").
 * Signing up again with an unverified email updates the name and password and sends a new
 * code when the cooldown allows, so a person who lost the first mail is not stuck.
 *
 * @returns the normalised email, which the caller keeps in the `v_ue` cookie.
 * @throws ValidationError for a common password; ConflictError (409) when a verified account
 *   has the email; UnavailableError (503) when the mail could not be sent.
 */
export async function signup(
  deps: ApiDependencies,
  input: SignupInput,
): Promise<{ email: string }> {
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  let [existing] = await deps.db.select().from(users).where(eq(users.email, input.email));
  if (existing?.deletedAt) {
    // A deleted account waiting for the purge must not hold its email hostage.
    await purgeAccount(deps, existing.id);
    existing = undefined;
  }
  if (existing?.emailVerifiedAt) throw new ConflictError(authMessages.emailTaken);

  let user;
  if (existing) {
    [user] = await deps.db
      .update(users)
      .set({ name: input.name, passwordHash, locale: input.locale ?? existing.locale })
      .where(eq(users.id, existing.id))
      .returning();
  } else {
    [user] = await deps.db
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash, locale: input.locale })
      .onConflictDoNothing()
      .returning();
    if (!user) throw new ConflictError(authMessages.emailTaken);
  }
  await sendCode(deps, user!, 'verify_email', { skipIfCoolingDown: true });
  return { email: input.email };
}

/**
 * Confirms an email with its code and signs the person in (SPEC §4 "Verify success").
 *
 * @throws NotFoundError when no unverified account has the email; ValidationError for a
 *   wrong, expired or used code.
 */
export async function verifyEmail(
  deps: ApiDependencies,
  input: { email: string; otp: string },
  client: ClientInfo,
): Promise<{ user: SessionUser; tokens: IssuedTokens }> {
  const user = await pendingUser(deps, input.email);
  const now = deps.now();
  await consumeCode(deps.db, deps.keys.tokenHashing, user.id, 'verify_email', input.otp, now);
  await deps.db.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id));
  const tokens = await startSession(deps.db, deps.keys, user.id, client, now);
  return { user: (await findSessionUser(deps, user.id))!, tokens };
}

/**
 * Sends a new verification code (SPEC §7 POST /auth/resend).
 *
 * @throws TooManyRequestsError within 120 s of the last code; NotFoundError when no
 *   unverified account has the email.
 */
export async function resendVerification(deps: ApiDependencies, email: string): Promise<void> {
  const user = await pendingUser(deps, email);
  await sendCode(deps, user, 'verify_email');
}

export type LoginResult =
  | { kind: 'signed-in'; user: SessionUser; tokens: IssuedTokens }
  | { kind: 'unverified'; email: string };

/**
 * Checks the credentials (SPEC §7 POST /auth/login). A wrong password and an unknown email
 * answer the same message after the same work. A correct password on an unverified account
 * signs nobody in: it mails a fresh code (when the cooldown allows) and says so.
 *
 * @throws UnauthorizedError (401) for wrong credentials.
 */
export async function login(
  deps: ApiDependencies,
  input: LoginInput,
  client: ClientInfo,
): Promise<LoginResult> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const hash = user?.passwordHash ?? (await decoyPasswordHash());
  const matches = await verifyPassword(hash, input.password);
  if (!user || !matches || user.deletedAt) throw new UnauthorizedError(authMessages.badCredentials);

  if (!user.emailVerifiedAt) {
    await sendCode(deps, user, 'verify_email', { skipIfCoolingDown: true });
    return { kind: 'unverified', email: user.email };
  }
  const tokens = await startSession(deps.db, deps.keys, user.id, client, deps.now());
  return { kind: 'signed-in', user: (await findSessionUser(deps, user.id))!, tokens };
}

/** The signed-in person, or null when the account is gone. */
export async function findSessionUser(
  deps: ApiDependencies,
  userId: string,
): Promise<SessionUser | null> {
  try {
    const profile = await getProfile(deps, userId);
    const { id, name, email, avatar, locale, colorScheme, contactSort } = profile;
    return { id, name, email, avatarUrl: avatar?.url ?? null, locale, colorScheme, contactSort };
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * Issues a code and mails it. When the mail fails the code is withdrawn, so the person can
 * ask again at once rather than wait out the cooldown.
 *
 * @throws TooManyRequestsError inside the cooldown (unless `skipIfCoolingDown`, which then
 *   keeps the code already sent); UnavailableError when the mail could not be sent.
 */
export async function sendCode(
  deps: ApiDependencies,
  user: { id: string; name: string; email: string; locale?: InterfaceLocale | null },
  purpose: CodePurpose,
  options: { skipIfCoolingDown?: boolean } = {},
): Promise<void> {
  let issued;
  try {
    issued = await issueCode(deps.db, deps.keys.tokenHashing, user.id, purpose, deps.now());
  } catch (error) {
    if (options.skipIfCoolingDown && error instanceof TooManyRequestsError) return;
    throw error;
  }
  const message: MailMessage =
    purpose === 'verify_email'
      ? verificationMail(user.email, user.name, issued.code, user.locale)
      : recoveryMail(user.email, user.name, issued.code, user.locale);
  try {
    await deps.mailer.send(message);
  } catch {
    await withdrawCode(deps.db, issued.id);
    throw new UnavailableError(authMessages.mailFailed);
  }
}

async function pendingUser(deps: ApiDependencies, email: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  if (!user || user.deletedAt) throw new NotFoundError(authMessages.noPendingAccount);
  if (user.emailVerifiedAt) throw new ConflictError(authMessages.alreadyVerified);
  return user;
}
