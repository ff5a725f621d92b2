import {
  browserSupportsWebAuthn,
  startAuthentication,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's side of a passkey sign-in (WebAuthn Level 3, https://www.w3.org/TR/webauthn-3/,
 * through @simplewebauthn/browser).
 */

/** Whether this browser can use passkeys at all (it has `PublicKeyCredential`). */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/**
 * Lets the browser ask the person for a passkey matching the server's challenge, and answers
 * the signed assertion to send back. Rejects when the person closes the prompt or it times out
 * (`isCancelledCeremony`), or when the browser refuses the options.
 */
export function askForPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  return startAuthentication({ optionsJSON });
}

/**
 * Whether a ceremony ended because the person closed the prompt, it timed out, or it was
 * aborted: WebAuthn reports all of these as `NotAllowedError` (or `AbortError`), on purpose
 * without saying which, so that a page cannot learn whether the person has a passkey
 * (https://www.w3.org/TR/webauthn-3/#sctn-getAssertion, privacy considerations).
 */
export function isCancelledCeremony(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = error.cause instanceof Error ? error.cause.name : '';
  return [error.name, cause].some((name) => name === 'NotAllowedError' || name === 'AbortError');
}
