import { emailInput, loginInput, signupInput, verifyEmailInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  clearCookie,
  clearSessionCookies,
  cookieNames,
  ONE_DAY_MS,
  readCookie,
  readSealedCookie,
  setSealedCookie,
  setSessionCookies,
} from '../credentials/cookies';
import { revokeSessionByToken, rotateSession } from '../credentials/sessions';
import type { Context } from '../trpc/context';
import { ForbiddenError, NotFoundError, PreconditionFailedError } from '../shared/errors';
import { inputEmail, protectedProcedure, publicProcedure, rateLimited } from '../trpc/init';
import {
  findSessionUser,
  login,
  resendVerification,
  signup,
  verificationResendWait,
  verifyEmail,
} from './auth.service';
import { clientInfo } from './client-info';
import { rememberDevice, signInCharge } from './device-cookie';
import { finishSignIn } from './sign-in';
import { keepPendingSignIn, type SecondFactorMethod } from '../second-factor';
import type { SessionUser } from './auth.service';

/**
 * What a step that proves the password answers: the signed-in person, or the methods of the
 * second step still to pass (docs/sign-in-security.md#signing-in).
 */
export type SignInAnswer =
  | { user: SessionUser; secondFactor?: undefined }
  | { secondFactor: { methods: SecondFactorMethod[] }; user?: undefined };

/**
 * The pending-verification cookie `v_ue` (docs/product/contact.md#other-entities): the email
 * waiting for its code, and which code this browser was sent, so only that code verifies
 * here (docs/decisions/0015-a-sign-up-code-carries-its-credentials.md).
 */
interface PendingEmail {
  email: string;
  codeId?: string;
}

export const UNVERIFIED_LOGIN_MESSAGE =
  'Please verify your email first. We sent a code to your inbox.';

/**
 * Sign-up, verification, login, session check, refresh and logout
 * (docs/product/legacy-api.md#auth).
 */
export const authRouter = {
  /** Creates an unverified account, mails its code, sets `v_ue`. Returns `{email}`. */
  signup: publicProcedure
    .input(signupInput)
    .use(rateLimited('mail', inputEmail))
    .mutation(async ({ ctx, input }) => {
      const { email, codeId } = await signup(ctx, input);
      await setPendingEmail(ctx, { email, codeId });
      return { email };
    }),

  /**
   * The email waiting for verification, from `v_ue`, and `resendInMs`, how long before its
   * code may be mailed again; null without one (docs/product/screens.md#route-guards).
   */
  pendingVerification: publicProcedure.query(async ({ ctx }) => {
    const pending = await readSealedCookie<PendingEmail>(ctx, cookieNames.pendingEmail);
    if (!pending) return null;
    return { email: pending.email, resendInMs: await verificationResendWait(ctx, pending.email) };
  }),

  /** Verifies `{email, otp}` (email may come from `v_ue`), signs in, removes `v_ue`. */
  verify: publicProcedure
    .input(verifyEmailInput.partial({ email: true }))
    .use(rateLimited('signIn', pendingOrInputEmail))
    .mutation(async ({ ctx, input }) => {
      const { email, codeId } = await pendingFor(ctx, input.email);
      const { user, tokens } = await verifyEmail(
        ctx,
        { email, otp: input.otp, codeId },
        clientInfo(ctx),
      );
      setSessionCookies(ctx, tokens);
      clearCookie(ctx, cookieNames.pendingEmail);
      await rememberDevice(ctx, user.email);
      return { user };
    }),

  /** Mails a new verification code; refused within 120 s of the last one. */
  resend: publicProcedure
    .input(emailInput.partial())
    .use(rateLimited('mail', pendingOrInputEmail))
    .mutation(async ({ ctx, input }) => {
      const { email, codeId } = await pendingFor(ctx, input.email);
      const newCodeId = await resendVerification(ctx, email, codeId);
      // A browser that signed up keeps following its own code; a cookie-less resend by
      // email alone leaves any other browser's cookie as it was.
      if (codeId) await setPendingEmail(ctx, { email, codeId: newCodeId });
      return { email };
    }),

  /**
   * Signs in: `{user}`. An account with a second factor answers `{secondFactor: {methods}}`
   * instead, with the sealed `second_factor` cookie, and no session until the second step
   * (`secondFactor.*`, docs/sign-in-security.md#signing-in). An unverified account gets a fresh
   * code and `v_ue` instead, and a PRECONDITION_FAILED error telling the web app to go to
   * /verify.
   */
  login: publicProcedure
    .input(loginInput)
    .use(rateLimited(signInCharge))
    .mutation(async ({ ctx, input }): Promise<SignInAnswer> => {
      const result = await login(ctx, input);
      if (result.kind === 'unverified') {
        await setPendingEmail(ctx, { email: result.email, codeId: result.codeId });
        throw new PreconditionFailedError(UNVERIFIED_LOGIN_MESSAGE);
      }
      if (result.kind === 'second-factor') {
        await keepPendingSignIn(ctx, { userId: result.userId, email: result.email });
        return { secondFactor: { methods: result.methods } };
      }
      return { user: await finishSignIn(ctx, result) };
    }),

  /** The signed-in person: the app asks at start (docs/product/states.md#session). */
  check: protectedProcedure.query(async ({ ctx }) => {
    const user = await findSessionUser(ctx, ctx.userId);
    if (!user) throw new ForbiddenError('Your account is no longer available.');
    return { isLoggedIn: true as const, user };
  }),

  /** Rotates the refresh token and issues a new access token; UNAUTHORIZED when it cannot. */
  refresh: publicProcedure.mutation(async ({ ctx }) => {
    try {
      const tokens = await rotateSession(
        ctx.db,
        ctx.keys,
        readCookie(ctx, cookieNames.refreshToken),
        clientInfo(ctx),
        ctx.now(),
      );
      setSessionCookies(ctx, tokens);
      return { refreshed: true as const };
    } catch (error) {
      clearSessionCookies(ctx);
      throw error;
    }
  }),

  /** Ends this session family and clears the cookies. Always succeeds. */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await revokeSessionByToken(
      ctx.db,
      ctx.keys,
      readCookie(ctx, cookieNames.refreshToken),
      ctx.now(),
    );
    clearSessionCookies(ctx);
    return { loggedOut: true as const };
  }),
} satisfies TRPCRouterRecord;

/** The account a verify or resend call is about: its input's email, else the `v_ue` cookie's. */
async function pendingOrInputEmail(ctx: Context, input: unknown): Promise<string | undefined> {
  const pending = await readSealedCookie<PendingEmail>(ctx, cookieNames.pendingEmail);
  return inputEmail(ctx, input) ?? pending?.email;
}

/**
 * The email a verify or resend call is about and the code this browser holds for it: the
 * input's email (the code only when `v_ue` is for the same email), else `v_ue`'s.
 *
 * @throws NotFoundError with neither.
 */
async function pendingFor(ctx: Context, email: string | undefined): Promise<PendingEmail> {
  const pending = await readSealedCookie<PendingEmail>(ctx, cookieNames.pendingEmail);
  if (email) return { email, codeId: pending?.email === email ? pending.codeId : undefined };
  if (!pending) {
    throw new NotFoundError('No email is waiting for verification. Please sign up again.');
  }
  return pending;
}

function setPendingEmail(ctx: Context, pending: PendingEmail): Promise<void> {
  return setSealedCookie(ctx, cookieNames.pendingEmail, { ...pending }, ONE_DAY_MS);
}
