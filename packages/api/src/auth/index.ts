/**
 * What recover/ uses of auth/: one-time codes, mailing one, the signed-in person as the
 * screens read them, the browser's device cookie, the client's description, and the end of a
 * sign-in.
 */
export { findSessionUser, sendCode, type SessionUser } from './auth.service';
export { clientInfo } from './client-info';
export { rememberDevice } from './device-cookie';
export { finishSignIn, SECOND_FACTOR_REQUIRED_MESSAGE } from './sign-in';
export type { SignInAnswer } from './auth.router';
export { checkCode, consumeVerifiedCode, cooldownLeft } from './one-time-codes';
