import { trpc } from '../../../lib/trpc';

/**
 * Sign-in, sign-up and email verification (router `auth`). Each answers the signed-in user
 * where it signs the person in; the screens store it with `useSetSession` after SPEC §9's
 * redirect delay, so the session is set there, not here. Errors are tRPC errors whose
 * messages are SPEC §8's strings.
 */

/** SPEC §4 Login: `{ email, password }` -> `{ user }`; PRECONDITION_FAILED while unverified. */
export const useLogin = () => trpc.auth.login.useMutation();

/** SPEC §4 Sign up: mails a 6-digit code; the account is made when the code is entered. */
export const useSignup = () => trpc.auth.signup.useMutation();

/** SPEC §4 Verify: `{ email, otp }` -> `{ user }`, signed in. */
export const useVerifyEmail = () => trpc.auth.verify.useMutation();

/** Mails the sign-up code again (rate-limited per account and address). */
export const useResendVerification = () => trpc.auth.resend.useMutation();
