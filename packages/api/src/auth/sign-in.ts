import { setSessionCookies } from '../credentials/cookies';
import { startSession } from '../credentials/sessions';
import { clearPendingSignIn, mailSignInEvent } from '../second-factor';
import type { Context } from '../trpc/context';
import { findSessionUser, type SessionUser } from './auth.service';
import { clientInfo } from './client-info';
import { isKnownDevice, rememberDevice } from './device-cookie';

/**
 * The legacy REST answer for an account with a second factor: the legacy contract has no second
 * step, so it says so rather than start a session (docs/sign-in-security.md#legacy-clients).
 */
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Second factor required. Sign in on the web app, or use the SDK.';

/**
 * Ends a sign-in that proved every factor the account has: starts the session and sets its
 * cookies, mails the account when this browser had never signed in to it
 * (docs/sign-in-security.md#sign-in-mails), and remembers the browser.
 *
 * @returns the signed-in person.
 */
export async function finishSignIn(
  ctx: Context,
  account: { userId: string; email: string },
): Promise<SessionUser> {
  const client = clientInfo(ctx);
  const tokens = await startSession(ctx.db, ctx.keys, account.userId, client, ctx.now());
  setSessionCookies(ctx, tokens);
  clearPendingSignIn(ctx);
  if (!(await isKnownDevice(ctx, account.email))) {
    await mailSignInEvent(ctx, account.userId, client, 'new');
  }
  await rememberDevice(ctx, account.email);
  return (await findSessionUser(ctx, account.userId))!;
}
