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
} from '../auth/cookies';
import { revokeSessionByToken, rotateSession } from '../auth/sessions';
import type { Context } from '../context';
import { ForbiddenError, NotFoundError, PreconditionFailedError } from '../errors';
import { protectedProcedure, publicProcedure } from '../trpc';
import { findSessionUser, login, resendVerification, signup, verifyEmail } from './auth.service';

/** The pending-verification cookie `v_ue` (SPEC §3): the email waiting for its code. */
interface PendingEmail {
  email: string;
}

export const UNVERIFIED_LOGIN_MESSAGE =
  'Please verify your email first. We sent a code to your inbox.';

/** Sign-up, verification, login, session check, refresh and logout (SPEC §7 "Auth"). */
export const authRouter = {
  /** Creates an unverified account, mails its code, sets `v_ue`. Returns `{email}`. */
  signup: publicProcedure.input(signupInput).mutation(async ({ ctx, input }) => {
    const result = await signup(ctx, input);
    await setSealedCookie(ctx, cookieNames.pendingEmail, { email: result.email }, ONE_DAY_MS);
    return result;
  }),

  /** The email waiting for verification, from `v_ue`; null without one (SPEC §2 route guards). */
  pendingVerification: publicProcedure.query(async ({ ctx }) => {
    const pending = await readSealedCookie<PendingEmail>(ctx, cookieNames.pendingEmail);
    return pending ? { email: pending.email } : null;
  }),

  /** Verifies `{email, otp}` (email may come from `v_ue`), signs in, removes `v_ue`. */
  verify: publicProcedure
    .input(verifyEmailInput.partial({ email: true }))
    .mutation(async ({ ctx, input }) => {
      const email = input.email ?? (await pendingEmail(ctx));
      const { user, tokens } = await verifyEmail(ctx, { email, otp: input.otp }, clientInfo(ctx));
      setSessionCookies(ctx, tokens);
      clearCookie(ctx, cookieNames.pendingEmail);
      return { user };
    }),

  /** Mails a new verification code; refused within 120 s of the last one. */
  resend: publicProcedure.input(emailInput.partial()).mutation(async ({ ctx, input }) => {
    const email = input.email ?? (await pendingEmail(ctx));
    await resendVerification(ctx, email);
    return { email };
  }),

  /**
   * Signs in. An unverified account gets a fresh code and `v_ue` instead, and a
   * PRECONDITION_FAILED error telling the web app to go to /verify.
   */
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const result = await login(ctx, input, clientInfo(ctx));
    if (result.kind === 'unverified') {
      await setSealedCookie(ctx, cookieNames.pendingEmail, { email: result.email }, ONE_DAY_MS);
      throw new PreconditionFailedError(UNVERIFIED_LOGIN_MESSAGE);
    }
    setSessionCookies(ctx, result.tokens);
    return { user: result.user };
  }),

  /** The signed-in person (SPEC §4 "At app start the session check is made"). */
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

async function pendingEmail(ctx: Context): Promise<string> {
  const pending = await readSealedCookie<PendingEmail>(ctx, cookieNames.pendingEmail);
  if (!pending)
    throw new NotFoundError('No email is waiting for verification. Please sign up again.');
  return pending.email;
}

export function clientInfo(ctx: Context) {
  return { userAgent: ctx.req.headers['user-agent'], ipAddress: ctx.req.ip };
}
