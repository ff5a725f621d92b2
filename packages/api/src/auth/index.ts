/**
 * What recover/ uses of auth/: one-time codes, mailing one, the signed-in person as the
 * screens read them, the browser's device cookie and the client's description.
 */
export { findSessionUser, sendCode, type SessionUser } from './auth.service';
export { clientInfo } from './client-info';
export { rememberDevice } from './device-cookie';
export { checkCode, consumeVerifiedCode, cooldownLeft } from './one-time-codes';
