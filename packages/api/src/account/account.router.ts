import {
  changePasswordInput,
  deleteAccountInput,
  sessionIdInput,
  updatePreferencesInput,
  updateProfileInput,
} from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  changePassword,
  deleteAccount,
  getProfile,
  updatePreferences,
  updateProfile,
} from './account.service';
import { clearCookie, clearSessionCookies, cookieNames } from '../credentials/cookies';
import { listActiveSessions, revokeAllSessions, revokeUserSession } from '../credentials/sessions';
import { ValidationError } from '../shared/errors';
import { assertFreshSecondFactor, stepUpUntil } from '../second-factor';
import { protectedProcedure, rateLimited, signedInUser } from '../trpc/init';

export const CURRENT_SESSION_MESSAGE = 'This is the session you are using. Use Sign Out to end it.';

/**
 * The signed-in person's own account (/me): profile, preferences, password, sessions and
 * deletion. The data export is a download at `GET /api/account/export`.
 */
export const accountRouter = {
  /** `{id, name, email, avatar: {publicId, url} | null, locale, colorScheme, createdAt}`. */
  profile: protectedProcedure.query(({ ctx }) => getProfile(ctx, ctx.userId)),

  /**
   * Saves `{name, avatarImageId}`; the photo is an `images.upload` id or null. Returns the
   * profile. NOT_FOUND when the image is not this person's.
   */
  updateProfile: protectedProcedure
    .input(updateProfileInput)
    .mutation(({ ctx, input }) => updateProfile(ctx, ctx.userId, input)),

  /** Saves `{locale?, colorScheme?}` (language null follows the browser). Returns the profile. */
  updatePreferences: protectedProcedure
    .input(updatePreferencesInput)
    .mutation(({ ctx, input }) => updatePreferences(ctx, ctx.userId, input)),

  /**
   * Changes the password given the current one, signs out every other session and revokes
   * every app password (each syncing device must sign in again); this session stays.
   * Returns `{otherSessionsEnded, appPasswordsRevoked}`. BAD_REQUEST on `currentPassword` when it is wrong,
   * on `newPassword` when it is common or the same; TOO_MANY_REQUESTS after the per-account
   * budget of password checks (a stolen session cannot guess the password); PRECONDITION_FAILED
   * while the second factor is on and this session has not confirmed it in the last 5 minutes
   * (`security.confirm`; docs/sign-in-security.md#confirming-a-change).
   */
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .use(rateLimited('passwordCheck', signedInUser))
    .mutation(async ({ ctx, input }) => {
      const confirmedUntil = await stepUpUntil(ctx, ctx.userId, ctx.sessionFamilyId);
      await assertFreshSecondFactor(ctx.db, ctx.userId, confirmedUntil);
      return changePassword(ctx, ctx.userId, ctx.sessionFamilyId, input);
    }),

  /** Live sessions, this one first: `{id, userAgent, ipAddress, lastSeenAt, signedInAt, current}[]`. */
  sessions: protectedProcedure.query(({ ctx }) =>
    listActiveSessions(ctx.db, ctx.userId, ctx.sessionFamilyId, ctx.now()),
  ),

  /**
   * Signs one other session out. BAD_REQUEST for the session asking (Sign Out ends that);
   * NOT_FOUND when it already ended or is not this person's.
   */
  revokeSession: protectedProcedure.input(sessionIdInput).mutation(async ({ ctx, input }) => {
    if (input.sessionId === ctx.sessionFamilyId) throw new ValidationError(CURRENT_SESSION_MESSAGE);
    await revokeUserSession(ctx.db, ctx.userId, input.sessionId, ctx.now());
    return { sessionId: input.sessionId };
  }),

  /** Signs every other session out. Returns `{ended}`, how many. */
  revokeOtherSessions: protectedProcedure.mutation(async ({ ctx }) => ({
    ended: await revokeAllSessions(ctx.db, ctx.userId, ctx.now(), {
      exceptFamilyId: ctx.sessionFamilyId,
    }),
  })),

  /**
   * Deletes the account given `{password, eraseNow}`: signed out everywhere at once, rows and
   * images purged by the periodic job, or in this call with `eraseNow`. Clears this browser's
   * session cookies and its device cookie, which vouched for an account that is gone.
   * BAD_REQUEST on `password` when it is wrong.
   */
  delete: protectedProcedure
    .input(deleteAccountInput)
    .use(rateLimited('passwordCheck', signedInUser))
    .mutation(async ({ ctx, input }) => {
      const result = await deleteAccount(ctx, ctx.userId, input);
      clearSessionCookies(ctx);
      clearCookie(ctx, cookieNames.knownDevice);
      return result;
    }),
} satisfies TRPCRouterRecord;
