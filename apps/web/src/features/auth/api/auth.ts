import { trpc } from '../../../lib/trpc';

/**
 * Sign-in, sign-up and email verification (router `auth`). Each answers the signed-in user
 * where it signs the person in; the screens store it with `useSetSession` after the redirect
 * delay (docs/product/limits.md#limits), so the session is set there, not here. Errors are
 * tRPC errors whose messages are the catalogue's (docs/product/messages.md#error-catalogue).
 */

/**
 * Login: `{ email, password }` -> `{ user }`, or `{ secondFactor: { methods } }` when the account
 * has a second factor (the session then starts at /second-factor); PRECONDITION_FAILED while
 * unverified.
 */
export const useLogin = () => trpc.auth.login.useMutation();

/** Sign up: mails a 6-digit code; the account is made when the code is entered. */
export const useSignup = () => trpc.auth.signup.useMutation();

/** Verify: `{ email, otp }` -> `{ user }`, signed in. */
export const useVerifyEmail = () => trpc.auth.verify.useMutation();

/** Mails the sign-up code again (rate-limited per account and address). */
export const useResendVerification = () => trpc.auth.resend.useMutation();
