import { schema, type User } from '@kith/db';
import type {
  ColorSchemePreference,
  ContactSort,
  InterfaceLocale,
  LoginInput,
  SignupInput,
} from '@kith/validators';
import { eq } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import {
  checkCode,
  CODE_MAX_ATTEMPTS,
  cooldownError,
  cooldownLeft,
  findCode,
  issueCode,
  withdrawCode,
  type CodePurpose,
  type SignupCredentials,
} from './one-time-codes';
import {
  assertAcceptablePassword,
  decoyPasswordHash,
  hashPassword,
  verifyPassword,
} from '../credentials/passwords';
import { getProfile, purgeAccount } from '../account';
import { secondFactorMethods, type SecondFactorMethod } from '../second-factor';
import { startSession, type ClientInfo, type IssuedTokens } from '../credentials/sessions';
import {
  ConflictError,
  NotFoundError,
  UnauthorizedError,
  UnavailableError,
} from '../shared/errors';
import type { MailMessage } from '../mail/mailer';
import { recoveryMail, verificationMail } from '../mail/templates';

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
 * Creates an account waiting for verification and mails its code (docs/product/states.md#session).
 * The code carries the name and password submitted with it, and the account takes them only when
 * that code is entered: a second sign-up for a pending email never changes the first one's
 * credentials, and a code mailed for someone else's sign-up is refused in this browser (no
 * pending-account takeover; docs/decisions/0015-a-sign-up-code-carries-its-credentials.md). So a
 * person who lost the first mail can sign up again once the cooldown allows; inside it, the same
 * name and password keep the code already mailed, and anything else is told to wait.
 *
 * @returns the normalised email and the id of the code to verify, both kept in `v_ue`.
 * @throws ValidationError for a password the sign-up rules (docs/product/validation.md#signup) or
 *   the breach list refuse; ConflictError (409) when a verified account has the email;
 *   TooManyRequestsError inside the resend cooldown; UnavailableError (503) when the mail could not
 *   be sent.
 */
export async function signup(
  deps: ApiDependencies,
  input: SignupInput,
): Promise<{ email: string; codeId: string }> {
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const credentials = { name: input.name, passwordHash, locale: input.locale ?? null };
  let existing = await userByEmail(deps, input.email);
  if (existing?.deletedAt) {
    // A deleted account waiting for the purge must not hold its email hostage.
    await purgeAccount(deps, existing.id);
    existing = undefined;
  }
  if (existing?.emailVerifiedAt) throw new ConflictError(authMessages.emailTaken);

  if (!existing) {
    const [created] = await deps.db
      .insert(users)
      .values({ email: input.email, ...credentials })
      .onConflictDoNothing()
      .returning();
    // Two sign-ups racing for one new email: the loser is treated as a second sign-up.
    existing = created ?? (await userByEmail(deps, input.email));
    if (!existing || existing.emailVerifiedAt) throw new ConflictError(authMessages.emailTaken);
  }
  const codeId = await reuseOrSendCode(deps, existing, input.password, credentials);
  return { email: input.email, codeId };
}

/**
 * Confirms an email with its code and signs the person in (docs/product/states.md#session). The
 * account takes the name and password submitted with that code's sign-up, if it had one.
 *
 * @param input.codeId the code this browser's sign-up was sent (from `v_ue`); without one the
 *   newest live code of the account is checked (REST clients that keep no cookies).
 * @throws NotFoundError when no unverified account has the email; ConflictError when it is
 *   already verified; ValidationError for a wrong, expired, used or exhausted code.
 */
export async function verifyEmail(
  deps: ApiDependencies,
  input: { email: string; otp: string; codeId?: string },
  client: ClientInfo,
): Promise<{ user: SessionUser; tokens: IssuedTokens }> {
  const user = await pendingUser(deps, input.email);
  const now = deps.now();
  const code = await checkCode(
    deps.db,
    deps.keys.tokenHashing,
    { userId: user.id, purpose: 'verify_email', id: input.codeId },
    input.otp,
    now,
  );
  const submitted = code.signupPasswordHash
    ? { name: code.signupName!, passwordHash: code.signupPasswordHash, locale: code.signupLocale }
    : {};
  await deps.db
    .update(users)
    .set({ ...submitted, emailVerifiedAt: now })
    .where(eq(users.id, user.id));
  const tokens = await startSession(deps.db, deps.keys, user.id, client, now);
  return { user: (await findSessionUser(deps, user.id))!, tokens };
}

/**
 * Sends a new verification code (POST /auth/resend, docs/product/legacy-api.md#auth). Given the
 * code this browser holds, the new one carries the same sign-up's name and password.
 *
 * @returns the new code's id.
 * @throws TooManyRequestsError within 120 s of the last code; NotFoundError when no unverified
 *   account has the email; UnavailableError when the mail fails.
 */
export async function resendVerification(
  deps: ApiDependencies,
  email: string,
  previousCodeId?: string,
): Promise<string> {
  const user = await pendingUser(deps, email);
  const previous = previousCodeId
    ? await findCode(deps.db, { userId: user.id, purpose: 'verify_email', id: previousCodeId })
    : undefined;
  const signup = previous?.signupPasswordHash
    ? {
        name: previous.signupName!,
        passwordHash: previous.signupPasswordHash,
        locale: previous.signupLocale,
      }
    : undefined;
  return sendCode(deps, { ...user, ...signup }, 'verify_email', signup);
}

export type LoginResult =
  | { kind: 'signed-in'; userId: string; email: string }
  | { kind: 'second-factor'; userId: string; email: string; methods: SecondFactorMethod[] }
  | { kind: 'unverified'; email: string; codeId: string };

/**
 * Checks the credentials (POST /auth/login, docs/product/legacy-api.md#auth); the caller starts the
 * session of a 'signed-in' result. A wrong password and
 * an unknown email answer the same message after the same work. A correct password on an unverified
 * account signs nobody in: it mails a fresh code, or inside the cooldown keeps the one already
 * mailed for this password, and says so. A correct password on an account with a second factor
 * starts no session either: it answers the methods of the second step
 * (docs/sign-in-security.md#signing-in).
 *
 * @throws UnauthorizedError (401) for wrong credentials; TooManyRequestsError inside the cooldown
 *   when the code already mailed was for another password.
 */
export async function login(deps: ApiDependencies, input: LoginInput): Promise<LoginResult> {
  const user = await userByEmail(deps, input.email);
  const hash = user?.passwordHash ?? (await decoyPasswordHash());
  const matches = await verifyPassword(hash, input.password, user?.id ?? input.email);
  if (!user || !matches || user.deletedAt) throw new UnauthorizedError(authMessages.badCredentials);

  if (!user.emailVerifiedAt) {
    const codeId = await reuseOrSendCode(deps, user, input.password);
    return { kind: 'unverified', email: user.email, codeId };
  }
  const methods = await secondFactorMethods(deps.db, user.id);
  if (methods.length > 0) {
    return { kind: 'second-factor', userId: user.id, email: user.email, methods };
  }
  return { kind: 'signed-in', userId: user.id, email: user.email };
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
 * @returns the code's id.
 * @throws TooManyRequestsError inside the cooldown; UnavailableError when the mail could not
 *   be sent.
 */
export async function sendCode(
  deps: ApiDependencies,
  user: { id: string; name: string; email: string; locale?: InterfaceLocale | null },
  purpose: CodePurpose,
  signup?: SignupCredentials,
): Promise<string> {
  const issued = await issueCode(
    deps.db,
    deps.keys.tokenHashing,
    user.id,
    purpose,
    deps.now(),
    signup,
  );
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
  return issued.id;
}

/**
 * A verification code this person can enter: inside the resend cooldown, the live code when
 * it was sent for this same password (a form submitted twice, a login after sign-up); else a
 * new code, mailed, carrying `signup` when given.
 *
 * @throws TooManyRequestsError inside the cooldown when the live code is someone else's.
 */
async function reuseOrSendCode(
  deps: ApiDependencies,
  user: User,
  password: string,
  signup?: SignupCredentials,
): Promise<string> {
  const now = deps.now();
  const waitMs = await cooldownLeft(deps.db, user.id, 'verify_email', now);
  if (waitMs === 0) {
    const recipient = signup ? { ...user, name: signup.name, locale: signup.locale } : user;
    return sendCode(deps, recipient, 'verify_email', signup);
  }
  const live = await findCode(deps.db, { userId: user.id, purpose: 'verify_email' });
  const usable = live && live.expiresAt > now && live.attempts < CODE_MAX_ATTEMPTS;
  if (usable && (await verifyPassword(live.signupPasswordHash ?? user.passwordHash, password))) {
    return live.id;
  }
  throw cooldownError(waitMs);
}

/**
 * How long, in ms, before the sign-up code for `email` may be mailed again (0 when it may
 * now, or when there is no such pending account), so a reloaded /verify shows the countdown
 * the server holds (docs/product/screens.md#verification-and-recovery-screens).
 */
export async function verificationResendWait(
  deps: ApiDependencies,
  email: string,
): Promise<number> {
  const user = await userByEmail(deps, email);
  if (!user || user.emailVerifiedAt) return 0;
  return cooldownLeft(deps.db, user.id, 'verify_email', deps.now());
}

async function userByEmail(deps: ApiDependencies, email: string): Promise<User | undefined> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  return user;
}

async function pendingUser(deps: ApiDependencies, email: string): Promise<User> {
  const user = await userByEmail(deps, email);
  if (!user || user.deletedAt) throw new NotFoundError(authMessages.noPendingAccount);
  if (user.emailVerifiedAt) throw new ConflictError(authMessages.alreadyVerified);
  return user;
}
