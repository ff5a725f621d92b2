import { schema } from '@kith/db';
import { eq } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { checkCode, consumeVerifiedCode, sendCode } from '../auth';
import { assertAcceptablePassword, hashPassword } from '../credentials/passwords';
import { revokeAllSessions } from '../credentials/sessions';
import { revokeAllApiTokens } from '../credentials/api-tokens';
import { secondFactorMethods, type SecondFactorMethod } from '../second-factor';
import { NotFoundError, ValidationError } from '../shared/errors';
import { revokeAllAppPasswords } from '../app-passwords';

const { users } = schema;

export const recoverMessages = {
  notFound: 'No account found with this email address.',
  restart: 'Your recovery session has expired. Please start again.',
} as const;

/**
 * The account preview (docs/product/contact.md#other-entities), kept in the sealed `user`
 * cookie between steps 1 and 2.
 */
export interface AccountPreview {
  userId: string;
  name: string;
  email: string;
  isVerified: boolean;
  avatar: { url: string };
}

/**
 * Step 1 ('Find your account', docs/product/screens.md#verification-and-recovery-screens): the
 * account with this email, as a preview.
 *
 * @throws NotFoundError when no account has the email.
 */
export async function findAccount(deps: ApiDependencies, email: string): Promise<AccountPreview> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  if (!user || user.deletedAt) throw new NotFoundError(recoverMessages.notFound);
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    isVerified: Boolean(user.emailVerifiedAt),
    avatar: { url: '' },
  };
}

/**
 * Step 2 confirmed (docs/product/states.md#session): mails a recovery code.
 *
 * @returns the code's id, which the recovery cookie keeps.
 * @throws TooManyRequestsError within 120 s of the last code; UnavailableError when the mail fails.
 */
export async function sendRecoveryCode(deps: ApiDependencies, userId: string): Promise<string> {
  const user = await existingUser(deps, userId);
  return sendCode(deps, user, 'recover');
}

/**
 * Step 3: checks the recovery code and marks it verified, for one reset.
 *
 * @throws ValidationError for a wrong, expired, used or exhausted code.
 */
export async function verifyRecoveryCode(
  deps: ApiDependencies,
  userId: string,
  codeId: string,
  otp: string,
): Promise<void> {
  const target = { userId, purpose: 'recover' as const, id: codeId };
  await checkCode(deps.db, deps.keys.tokenHashing, target, otp, deps.now(), 'verified');
}

/**
 * Step 4: sets the new password, ends every session of the account (a reset must lock out
 * whoever knew the old one), and says how the person signs in afresh: at once, or, when the
 * account has a second factor, only after it (a mailbox must not be enough to take an account
 * that has one: docs/sign-in-security.md#signing-in). The code proved the mailbox, so an
 * unverified email counts as verified from here. The verified code is consumed in the same
 * transaction, so a replayed reset changes nothing and signs nobody in.
 *
 * @param ttlMs how long after step 3 the reset is allowed, in ms.
 * @throws ValidationError for a common or breached password, and (restart) when the code
 *   was not verified, was already used for a reset or is too old.
 */
export async function resetPassword(
  deps: ApiDependencies,
  target: { userId: string; codeId: string; ttlMs: number },
  password: string,
): Promise<
  | { kind: 'signed-in'; userId: string; email: string }
  | { kind: 'second-factor'; userId: string; email: string; methods: SecondFactorMethod[] }
> {
  assertAcceptablePassword(password);
  const { userId } = target;
  const user = await existingUser(deps, userId);
  const now = deps.now();
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const code = { userId, purpose: 'recover' as const, id: target.codeId };
    if (!(await consumeVerifiedCode(tx, code, now, target.ttlMs))) {
      throw new ValidationError(recoverMessages.restart);
    }
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(users.id, userId));
  });
  await revokeAllSessions(deps.db, userId, now);
  // Whoever held the account may have made an app password: a reset cuts every device off
  // too (OWASP Session Management: end all sessions on a password reset).
  await revokeAllAppPasswords(deps.db, userId);
  await revokeAllApiTokens(deps.db, userId);
  const methods = await secondFactorMethods(deps.db, userId);
  if (methods.length > 0) return { kind: 'second-factor', userId, email: user.email, methods };
  return { kind: 'signed-in', userId, email: user.email };
}

async function existingUser(deps: ApiDependencies, userId: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw new NotFoundError(recoverMessages.notFound);
  return user;
}
