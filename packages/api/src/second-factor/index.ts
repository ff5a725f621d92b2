/**
 * What other domains use of second-factor/: whether an account has a second factor and how it
 * passes it, the pending sign-in and step-up state, the sign-in mails, and passkey sign-in.
 */
export {
  assertFreshSecondFactor,
  mailSignInEvent,
  proveSecondFactor,
  secondFactorMethods,
  secondFactorMessages,
  type SecondFactorMethod,
  type SecondFactorProof,
} from './second-factor.service';
export { authenticationOptions, relyingParty, verifyPasskey } from './passkeys';
export {
  clearPendingSignIn,
  keepPendingSignIn,
  readPendingSignIn,
  stepUpUntil,
  type PendingSignIn,
} from './sign-in-state';
export { securityRouter } from './security.router';
