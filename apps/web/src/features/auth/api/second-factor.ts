import type { RouterOutputs } from '@kith/api';
import { trpc, type ApiClient } from '../../../lib/trpc';
import { askForPasskey } from './passkey-ceremony';

/**
 * The second step of signing in (router `secondFactor`) and signing in with a passkey alone
 * (router `passkeys`), docs/sign-in-security.md#signing-in after the OWASP Multifactor
 * Authentication Cheat Sheet: a password that is right starts no session while the account has
 * a second factor; the server keeps the half-done sign-in in an httpOnly cookie for 10 minutes
 * and answers `{ secondFactor: { methods } }`, and the session starts when one of those methods
 * passes. Each call here answers the signed-in user where it signs the person in; the screens
 * store it with `useSetSession` after the redirect delay, as the login does.
 */

/** The half-done sign-in the cookie holds: the account's email and its methods. */
export type PendingSecondFactor = NonNullable<RouterOutputs['secondFactor']['pending']>;

/** The ways an account's second step may be passed, in the server's words and order. */
export type SecondFactorMethod = PendingSecondFactor['methods'][number];

/** What login and a password reset answer: signed in, or a second step due. */
export type SignInAnswer = RouterOutputs['auth']['login'];

/** What login and a password reset answer when a second step is due. */
export type SecondFactorDue = Extract<SignInAnswer, { secondFactor: object }>;

/** Whether a login or reset answer asks for the second step rather than signing in. */
export function isSecondFactorDue(answer: SignInAnswer): answer is SecondFactorDue {
  return answer.secondFactor !== undefined;
}

/**
 * The pending sign-in, or null when there is none (no cookie, or its 10 minutes are over);
 * the guard of /second-factor. Throws only what the network throws.
 */
export function loadPendingSecondFactor(api: ApiClient): Promise<PendingSecondFactor | null> {
  return api.secondFactor.pending.query();
}

/**
 * `{ code }` (6 digits from the authenticator app, RFC 6238) -> `{ user }`, signed in.
 * BAD_REQUEST with `fieldErrors.code` when wrong, TOO_MANY_REQUESTS when the account's budget is
 * spent, NOT_FOUND when the sign-in expired.
 */
export const useVerifyTotp = () => trpc.secondFactor.verifyTotp.useMutation();

/**
 * `{ code }` (one of the account's ten single-use recovery codes) -> `{ user, recoveryCodesLeft }`,
 * signed in; the code is spent. Errors as `useVerifyTotp`.
 */
export const useVerifySecondFactorRecoveryCode = () =>
  trpc.secondFactor.verifyRecoveryCode.useMutation();

/**
 * The second step by passkey: asks the server for a challenge for this account's passkeys, lets
 * the browser ask the person (WebAuthn), and sends the signed answer back; resolves `{ user }`,
 * signed in. Rejects with the browser's error (`isCancelledCeremony` tells a closed prompt) or
 * the server's (BAD_REQUEST when the passkey could not be verified, NOT_FOUND when expired).
 */
export function useSecondFactorPasskey() {
  const options = trpc.secondFactor.passkeyOptions.useMutation();
  const verify = trpc.secondFactor.verifyPasskey.useMutation();
  return async () => {
    const optionsJSON = await options.mutateAsync();
    const response = await askForPasskey(optionsJSON);
    return verify.mutateAsync({ response });
  };
}

/**
 * Sign in with a passkey alone (a discoverable credential; no email, no password): asks the
 * server for a challenge, lets the browser offer the person's passkeys, and sends the answer
 * back; resolves `{ user }`, signed in. Rejects with the browser's error or the server's
 * (BAD_REQUEST 'This passkey is not registered with Kith.').
 */
export function usePasskeySignIn() {
  const options = trpc.passkeys.signInOptions.useMutation();
  const signIn = trpc.passkeys.signIn.useMutation();
  return async () => {
    const optionsJSON = await options.mutateAsync();
    const response = await askForPasskey(optionsJSON);
    return signIn.mutateAsync({ response });
  };
}
