import {
  addPasskeyInput,
  authenticatorCodeInput,
  passkeyIdInput,
  renamePasskeyInput,
  secondFactorProofInput,
} from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import type { Context } from '../trpc/context';
import { protectedProcedure, rateLimited, signedInUser } from '../trpc/init';
import { authenticationOptions, relyingParty } from './passkeys';
import {
  accountIdentity,
  addAccountPasskey,
  assertFreshSecondFactor,
  disableTotp,
  enableTotp,
  passkeyRegistrationOptions,
  proveSecondFactor,
  regenerateRecoveryCodes,
  removePasskey,
  renamePasskey,
  securityOverview,
  startTotpSetup,
} from './second-factor.service';
import { recordStepUp, stepUpUntil } from './sign-in-state';

interface SignedIn {
  userId: string;
  sessionFamilyId: string;
}

/** Refuses the call unless this session passed a second-factor check lately, when one is on. */
async function freshCheck(ctx: Context & SignedIn): Promise<void> {
  const until = await stepUpUntil(ctx, ctx.userId, ctx.sessionFamilyId);
  await assertFreshSecondFactor(ctx.db, ctx.userId, until);
}

/**
 * The profile page's "Sign-in security" (docs/sign-in-security.md): passkeys, an authenticator
 * app and recovery codes. While the second factor is on, what adds or removes a factor or
 * replaces the codes needs a check of the second factor in the last 5 minutes (`confirm`), and
 * answers PRECONDITION_FAILED without one (OWASP Multifactor Authentication Cheat Sheet).
 */
export const securityRouter = {
  /**
   * `{secondFactorOn, passkeys: {id, name, createdAt, lastUsedAt}[], totp: {enabledAt} | null,
   * recoveryCodes: {left, createdAt} | null, confirmedUntil: Date | null}`.
   */
  overview: protectedProcedure.query(async ({ ctx }) => ({
    ...(await securityOverview(ctx, ctx.userId)),
    confirmedUntil: await stepUpUntil(ctx, ctx.userId, ctx.sessionFamilyId),
  })),

  /** WebAuthn options for confirming with one of the account's passkeys. */
  confirmOptions: protectedProcedure
    .use(rateLimited('challenge'))
    .mutation(({ ctx }) =>
      authenticationOptions(ctx.db, relyingParty(ctx.publicUrl), 'confirm', ctx.userId, ctx.now()),
    ),

  /**
   * Checks one proof (`{totp}`, `{recoveryCode}` or `{passkey}`) and lets this session change
   * sign-in security for 5 minutes. Returns `{confirmedUntil, recoveryCodesLeft}`. BAD_REQUEST
   * for a wrong proof; TOO_MANY_REQUESTS after the account's budget of second-factor guesses.
   */
  confirm: protectedProcedure
    .input(secondFactorProofInput)
    .use(rateLimited('secondFactor', signedInUser))
    .mutation(async ({ ctx, input }) => {
      const client = { userAgent: ctx.req.headers['user-agent'], ipAddress: ctx.req.ip };
      const { recoveryCodesLeft } = await proveSecondFactor(
        ctx,
        ctx.userId,
        input,
        'confirm',
        client,
      );
      const confirmedUntil = await recordStepUp(ctx, ctx.userId, ctx.sessionFamilyId);
      return { confirmedUntil, recoveryCodesLeft };
    }),

  /** WebAuthn options to create a passkey for this account. Needs a fresh check when on. */
  passkeyRegistrationOptions: protectedProcedure
    .use(rateLimited('challenge'))
    .mutation(async ({ ctx }) => {
      await freshCheck(ctx);
      return passkeyRegistrationOptions(ctx, await accountIdentity(ctx.db, ctx.userId));
    }),

  /**
   * Adds the passkey the browser made, named `name`. Returns `{passkey, recoveryCodes}`, the
   * codes (ten, shown once) when it is the account's first factor, else null. BAD_REQUEST when
   * the browser's answer does not verify.
   */
  addPasskey: protectedProcedure
    .input(addPasskeyInput)
    .mutation(({ ctx, input }) => addAccountPasskey(ctx, ctx.userId, input.name, input.response)),

  /** Renames a passkey. Returns `{passkey}`. NOT_FOUND when it is not this account's. */
  renamePasskey: protectedProcedure.input(renamePasskeyInput).mutation(async ({ ctx, input }) => ({
    passkey: await renamePasskey(ctx, ctx.userId, input.id, input.name),
  })),

  /** Removes a passkey after a fresh check. NOT_FOUND when it is not this account's. */
  removePasskey: protectedProcedure.input(passkeyIdInput).mutation(async ({ ctx, input }) => {
    await freshCheck(ctx);
    await removePasskey(ctx, ctx.userId, input.id);
    return { removed: true as const };
  }),

  /**
   * Starts setting up an authenticator app: `{secret, uri, qrCode}` (base32, otpauth://, an SVG
   * data: URL). Needs a fresh check when the second factor is on; CONFLICT when an app is set up.
   */
  totpSetup: protectedProcedure.mutation(async ({ ctx }) => {
    await freshCheck(ctx);
    return startTotpSetup(ctx, await accountIdentity(ctx.db, ctx.userId));
  }),

  /**
   * Confirms the app with its first code: `{enabledAt, recoveryCodes}` (ten codes when it is the
   * first factor, else null). BAD_REQUEST on `code`; NOT_FOUND without a set-up started.
   */
  totpEnable: protectedProcedure
    .input(authenticatorCodeInput)
    .use(rateLimited('secondFactor', signedInUser))
    .mutation(({ ctx, input }) => enableTotp(ctx, ctx.userId, input.code)),

  /** Turns the authenticator app off after a fresh check. */
  totpDisable: protectedProcedure.mutation(async ({ ctx }) => {
    await freshCheck(ctx);
    await disableTotp(ctx, ctx.userId);
    return { disabled: true as const };
  }),

  /**
   * Ten new recovery codes, `{codes}`, shown once; the old ones stop working. Needs a fresh
   * check; PRECONDITION_FAILED while the second factor is off.
   */
  regenerateRecoveryCodes: protectedProcedure.mutation(async ({ ctx }) => {
    await freshCheck(ctx);
    return { codes: await regenerateRecoveryCodes(ctx, ctx.userId) };
  }),
} satisfies TRPCRouterRecord;
