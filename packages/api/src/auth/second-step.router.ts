import { authenticatorCodeInput, passkeyAnswerInput, recoveryCodeInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  authenticationOptions,
  proveSecondFactor,
  readPendingSignIn,
  relyingParty,
  secondFactorMethods,
  verifyPasskey,
  type PendingSignIn,
  type SecondFactorProof,
} from '../second-factor';
import { NotFoundError } from '../shared/errors';
import type { Context } from '../trpc/context';
import { publicProcedure, rateLimited } from '../trpc/init';
import { findSessionUser } from './auth.service';
import { clientInfo } from './client-info';
import { finishSignIn } from './sign-in';

export const SIGN_IN_EXPIRED_MESSAGE = 'Your sign-in has expired. Please sign in again.';

/** The sign-in waiting for its second step in this browser. @throws NotFoundError without one. */
async function pendingOrExpired(ctx: Context): Promise<PendingSignIn> {
  const pending = await readPendingSignIn(ctx);
  if (!pending) throw new NotFoundError(SIGN_IN_EXPIRED_MESSAGE);
  return pending;
}

/** The account a second-step guess is charged to: the pending sign-in's. */
async function pendingAccount(ctx: Context): Promise<string | undefined> {
  return (await readPendingSignIn(ctx))?.userId;
}

async function secondStep(ctx: Context, proof: SecondFactorProof) {
  const pending = await pendingOrExpired(ctx);
  const result = await proveSecondFactor(
    ctx,
    pending.userId,
    proof,
    'second_factor',
    clientInfo(ctx),
  );
  const user = await finishSignIn(ctx, pending);
  return { user, recoveryCodesLeft: result.recoveryCodesLeft };
}

/**
 * The second step of a sign-in (docs/sign-in-security.md#signing-in): after `auth.login` (or a
 * password reset) answered `{secondFactor}`, the browser holds the sealed `second_factor`
 * cookie for 10 minutes and proves one factor here; only then does the session start. Each
 * guess is charged to the account's second-factor budget (TOO_MANY_REQUESTS when spent), and
 * each failure mails the account.
 */
export const secondFactorRouter = {
  /** `{email, methods}` of the sign-in waiting in this browser, or null (the screen's guard). */
  pending: publicProcedure.query(async ({ ctx }) => {
    const pending = await readPendingSignIn(ctx);
    if (!pending) return null;
    return { email: pending.email, methods: await secondFactorMethods(ctx.db, pending.userId) };
  }),

  /** Signs in with an authenticator app's code: `{user}`. BAD_REQUEST on `code`. */
  verifyTotp: publicProcedure
    .input(authenticatorCodeInput)
    .use(rateLimited('secondFactor', pendingAccount))
    .mutation(async ({ ctx, input }) => ({
      user: (await secondStep(ctx, { totp: input.code })).user,
    })),

  /**
   * Signs in with a recovery code, spending it: `{user, recoveryCodesLeft}`. BAD_REQUEST on
   * `code` for a wrong or used one.
   */
  verifyRecoveryCode: publicProcedure
    .input(recoveryCodeInput)
    .use(rateLimited('secondFactor', pendingAccount))
    .mutation(async ({ ctx, input }) => {
      const { user, recoveryCodesLeft } = await secondStep(ctx, { recoveryCode: input.code });
      return { user, recoveryCodesLeft: recoveryCodesLeft ?? 0 };
    }),

  /** WebAuthn options for the pending account's passkeys. NOT_FOUND when the sign-in expired. */
  passkeyOptions: publicProcedure.use(rateLimited('challenge')).mutation(async ({ ctx }) => {
    const pending = await pendingOrExpired(ctx);
    const rp = relyingParty(ctx.publicUrl);
    return authenticationOptions(ctx.db, rp, 'second_factor', pending.userId, ctx.now());
  }),

  /** Signs in with one of the account's passkeys: `{user}`. BAD_REQUEST when it does not verify. */
  verifyPasskey: publicProcedure
    .input(passkeyAnswerInput)
    .use(rateLimited('secondFactor', pendingAccount))
    .mutation(async ({ ctx, input }) => ({
      user: (await secondStep(ctx, { passkey: input.response })).user,
    })),
} satisfies TRPCRouterRecord;

/**
 * Sign-in with a passkey alone (docs/sign-in-security.md#passkeys): no email, no password. The
 * browser offers the person's discoverable passkeys for Kith; the passkey, verified with the
 * person's PIN or biometrics, is both factors.
 */
export const passkeySignInRouter = {
  /** WebAuthn options for any of Kith's passkeys on this device. Charged per IP. */
  signInOptions: publicProcedure
    .use(rateLimited('challenge'))
    .mutation(({ ctx }) =>
      authenticationOptions(ctx.db, relyingParty(ctx.publicUrl), 'sign_in', null, ctx.now()),
    ),

  /**
   * Signs in with the passkey's answer: `{user}`. BAD_REQUEST for an unknown passkey or an
   * answer that does not verify (another origin, a used challenge, no user verification).
   */
  signIn: publicProcedure
    .input(passkeyAnswerInput)
    .use(rateLimited('signIn'))
    .mutation(async ({ ctx, input }) => {
      const rp = relyingParty(ctx.publicUrl);
      const { userId } = await verifyPasskey(
        ctx.db,
        rp,
        'sign_in',
        null,
        input.response,
        ctx.now(),
      );
      const account = await findSessionUser(ctx, userId);
      if (!account) throw new NotFoundError('Your account is no longer available.');
      return { user: await finishSignIn(ctx, { userId, email: account.email }) };
    }),
} satisfies TRPCRouterRecord;
