import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import Bowser from 'bowser';
import { i18n } from './i18n';

/**
 * What the browser's passkey prompt (WebAuthn, through @simplewebauthn/browser) answered when it
 * failed, for a calm message rather than an error. Per the WebAuthn spec
 * (https://www.w3.org/TR/webauthn-3/#sctn-createCredential), a prompt the person closed or let
 * time out rejects with NotAllowedError (AbortError when the page cancelled it), and a passkey
 * already registered on this authenticator with InvalidStateError.
 */
export function passkeyPromptFailure(error: unknown): 'cancelled' | 'alreadyRegistered' | null {
  if (!(error instanceof Error)) return null;
  // @simplewebauthn/browser's WebAuthnError carries the browser's error as its cause.
  const names = [error.name, error.cause instanceof Error ? error.cause.name : ''];
  if (names.some((name) => name === 'NotAllowedError' || name === 'AbortError')) return 'cancelled';
  if (names.includes('InvalidStateError')) return 'alreadyRegistered';
  return null;
}

/** Whether this browser has WebAuthn (`PublicKeyCredential`) at all. */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/**
 * A WebAuthn response as the API's input takes it: the browser's extension results as a plain
 * record (they are a DOM dictionary, AuthenticationExtensionsClientOutputs, in its types).
 */
export function asApiResponse<R extends { clientExtensionResults: object }>(
  response: R,
): Omit<R, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> } {
  const clientExtensionResults: Record<string, unknown> = { ...response.clientExtensionResults };
  return { ...response, clientExtensionResults };
}

/**
 * A passkey's name for this browser, "Chrome on Linux" ("Chrome en Linux"), from its User-Agent
 * (bowser); null when neither the browser nor the system is known. At most 64 characters, as a
 * passkey's name.
 */
export function defaultPasskeyName(userAgent: string = navigator.userAgent): string | null {
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return i18n.t('{{browser}} on {{os}}', { browser, os }).slice(0, 64);
  return (browser ?? os ?? null)?.slice(0, 64) ?? null;
}
