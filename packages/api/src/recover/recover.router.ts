import { emailInput, otpInput, resetPasswordInput } from '@kith/validators';
import { cooldownLeft, finishSignIn, type SignInAnswer } from '../auth';
import { keepPendingSignIn } from '../second-factor';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  clearCookie,
  cookieNames,
  ONE_DAY_MS,
  readSealedCookie,
  RECOVERY_STATE_TTL_MS,
  setSealedCookie,
} from '../credentials/cookies';
import type { Context } from '../trpc/context';
import { ValidationError } from '../shared/errors';
import { inputEmail, publicProcedure, rateLimited } from '../trpc/init';
import {
  findAccount,
  recoverMessages,
  resetPassword,
  sendRecoveryCode,
  verifyRecoveryCode,
  type AccountPreview,
} from './recover.service';

/**
 * Where a recovery stands, in a sealed cookie: the code was sent, or it was verified. The
 * cookie names the code; the server keeps whether it was used, so a saved cookie cannot
 * reset the password twice.
 */
interface RecoveryState {
  userId: string;
  codeId: string;
  stage: 'code-sent' | 'verified';
}

/**
 * Password recovery in four steps (docs/product/states.md#session): find, identify (send the code),
 * verify, reset. Each step's state lives in a sealed cookie; the `check*` procedures are the route
 * guards' server checks and fail with BAD_REQUEST when the step is not reached.
 */
export const recoverRouter = {
  /** Step 1: finds the account and keeps its preview in the `user` cookie (1 day). */
  find: publicProcedure
    .input(emailInput)
    .use(rateLimited('accountLookup', inputEmail))
    .mutation(async ({ ctx, input }) => {
      const preview = await findAccount(ctx, input.email);
      await setSealedCookie(ctx, cookieNames.accountPreview, { ...preview }, ONE_DAY_MS);
      return preview;
    }),

  /** Guard of step 2: the preview found in step 1. */
  checkFound: publicProcedure.query(async ({ ctx }) => previewOrRestart(ctx)),

  /** Step 2 confirmed: mails the code, removes `user`, and records that a code was sent. */
  sendCode: publicProcedure.use(rateLimited('mail', previewAccount)).mutation(async ({ ctx }) => {
    const preview = await previewOrRestart(ctx);
    const codeId = await sendRecoveryCode(ctx, preview.userId);
    clearCookie(ctx, cookieNames.accountPreview);
    await setRecoveryState(ctx, { userId: preview.userId, codeId, stage: 'code-sent' });
    return { email: preview.email };
  }),

  /**
   * Guard of step 3: a code was sent. `resendInMs` says how long before it may be mailed
   * again, so a reloaded screen shows the countdown the server holds
   * (docs/product/screens.md#verification-and-recovery-screens).
   */
  checkCodeSent: publicProcedure.query(async ({ ctx }) => {
    const state = await stateOrRestart(ctx, ['code-sent', 'verified']);
    return {
      ok: true as const,
      resendInMs: await cooldownLeft(ctx.db, state.userId, 'recover', ctx.now()),
    };
  }),

  /** Step 3: checks the code. */
  verify: publicProcedure
    .input(otpInput)
    .use(rateLimited('signIn', recoveryAccount))
    .mutation(async ({ ctx, input }) => {
      const state = await stateOrRestart(ctx, ['code-sent']);
      await verifyRecoveryCode(ctx, state.userId, state.codeId, input.otp);
      await setRecoveryState(ctx, { ...state, stage: 'verified' });
      return { verified: true as const };
    }),

  /** Mails a new recovery code; refused within 120 s of the last one. */
  resend: publicProcedure.use(rateLimited('mail', recoveryAccount)).mutation(async ({ ctx }) => {
    const state = await stateOrRestart(ctx, ['code-sent']);
    const codeId = await sendRecoveryCode(ctx, state.userId);
    await setRecoveryState(ctx, { ...state, codeId });
    return { sent: true as const };
  }),

  /** Guard of step 4: the code was verified. */
  checkVerified: publicProcedure.query(async ({ ctx }) => {
    await stateOrRestart(ctx, ['verified']);
    return { ok: true as const };
  }),

  /**
   * Step 4: sets the new password, ends every other session, and signs in: `{user}`, or, for an
   * account with a second factor, `{secondFactor: {methods}}` and the second step still to pass
   * (as `auth.login`), so a mailbox alone never opens such an account.
   */
  reset: publicProcedure
    .input(resetPasswordInput)
    .use(rateLimited('signIn', recoveryAccount))
    .mutation(async ({ ctx, input }): Promise<SignInAnswer> => {
      const state = await stateOrRestart(ctx, ['verified']);
      const target = { userId: state.userId, codeId: state.codeId, ttlMs: RECOVERY_STATE_TTL_MS };
      const result = await resetPassword(ctx, target, input.password);
      clearCookie(ctx, cookieNames.recovery);
      if (result.kind === 'second-factor') {
        await keepPendingSignIn(ctx, { userId: result.userId, email: result.email });
        return { secondFactor: { methods: result.methods } };
      }
      return { user: await finishSignIn(ctx, result) };
    }),
} satisfies TRPCRouterRecord;

async function previewOrRestart(ctx: Context): Promise<AccountPreview> {
  const preview = await readSealedCookie<AccountPreview>(ctx, cookieNames.accountPreview);
  if (!preview) throw new ValidationError(recoverMessages.restart);
  return {
    userId: preview.userId,
    name: preview.name,
    email: preview.email,
    isVerified: preview.isVerified,
    avatar: preview.avatar,
  };
}

/** The account a recovery step is charged to: the user id inside the sealed cookie. */
async function recoveryAccount(ctx: Context): Promise<string | undefined> {
  return (await readSealedCookie<RecoveryState>(ctx, cookieNames.recovery))?.userId;
}

async function previewAccount(ctx: Context): Promise<string | undefined> {
  return (await readSealedCookie<AccountPreview>(ctx, cookieNames.accountPreview))?.userId;
}

async function stateOrRestart(
  ctx: Context,
  stages: RecoveryState['stage'][],
): Promise<RecoveryState> {
  const state = await readSealedCookie<RecoveryState>(ctx, cookieNames.recovery);
  if (!state?.codeId || !stages.includes(state.stage)) {
    throw new ValidationError(recoverMessages.restart);
  }
  return state;
}

function setRecoveryState(ctx: Context, state: RecoveryState) {
  return setSealedCookie(ctx, cookieNames.recovery, { ...state }, RECOVERY_STATE_TTL_MS);
}
