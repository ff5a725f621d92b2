import { trpc } from '../../../lib/trpc';

/**
 * Account recovery, the /recover flow (router `recover`,
 * docs/product/screens.md#verification-and-recovery-screens): find the account, send a code,
 * verify it, set a new password (which signs the person in). Each step needs the one before;
 * the server keeps the step in a cookie, and the route guards check it (recovery-guard.ts).
 */

/** Step 1: `{ email }` -> the account's preview (name, email, photo), kept in a cookie a day. */
export const useFindAccount = () => trpc.recover.find.useMutation();

/** Step 2: mails the 6-digit recovery code. */
export const useSendRecoveryCode = () => trpc.recover.sendCode.useMutation();

/** Step 3: `{ otp }` -> `{ verified: true }`; a wrong code answers the catalogue's message. */
export const useVerifyRecoveryCode = () => trpc.recover.verify.useMutation();

/** Mails the recovery code again. */
export const useResendRecoveryCode = () => trpc.recover.resend.useMutation();

/**
 * Step 4: `{ password }` -> `{ user }`, signed in; or `{ secondFactor: { methods } }` when the
 * account has a second factor, which a reset by mail never skips (the session then starts at
 * /second-factor).
 */
export const useResetPassword = () => trpc.recover.reset.useMutation();
