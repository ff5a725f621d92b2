import { startRegistration } from '@simplewebauthn/browser';
import { asApiResponse } from '../../lib/passkey-prompt';
import { trpc } from '../../lib/trpc';

/**
 * The sign-in security card's calls (router `security`), with what each changes in the cache:
 * every change reads the overview again. Changes of a factor may answer PRECONDITION_FAILED
 * when the second factor is on; the card runs them through the step-up (`useStepUp`).
 */

export { useSecurityOverview } from '../../lib/second-factor-api';

/** Marks the overview stale, so the card shows what the server now has. */
function useRefreshOverview() {
  const utils = trpc.useUtils();
  return () => void utils.security.overview.invalidate();
}

/**
 * Adds a passkey: the server's options (`security.passkeyRegistrationOptions`), the browser's
 * prompt (WebAuthn `navigator.credentials.create` through @simplewebauthn/browser), then
 * `security.addPasskey`. Resolves with the new passkey and, when it was the account's first
 * factor, its ten recovery codes. A closed prompt rejects with the browser's NotAllowedError.
 */
export function useAddPasskey() {
  const refresh = useRefreshOverview();
  const options = trpc.security.passkeyRegistrationOptions.useMutation();
  const add = trpc.security.addPasskey.useMutation({ onSuccess: refresh });
  return {
    add: async (name: string) => {
      const optionsJSON = await options.mutateAsync();
      const response = await startRegistration({ optionsJSON });
      return add.mutateAsync({ name, response: asApiResponse(response) });
    },
  };
}

/** Renames a passkey (1..64 characters). */
export function useRenamePasskey() {
  const refresh = useRefreshOverview();
  return trpc.security.renamePasskey.useMutation({ onSuccess: refresh });
}

/** Removes a passkey; the last factor's removal turns two-step verification off. */
export function useRemovePasskey() {
  const refresh = useRefreshOverview();
  return trpc.security.removePasskey.useMutation({ onSuccess: refresh });
}

/** Starts setting up an authenticator app: its secret, otpauth URI and QR code (an SVG data URL). */
export function useTotpSetup() {
  return trpc.security.totpSetup.useMutation();
}

/** Turns the authenticator app on with a code it shows (RFC 6238, 6 digits, 30 s). */
export function useTotpEnable() {
  const refresh = useRefreshOverview();
  return trpc.security.totpEnable.useMutation({ onSuccess: refresh });
}

/** Turns the authenticator app off. */
export function useTotpDisable() {
  const refresh = useRefreshOverview();
  return trpc.security.totpDisable.useMutation({ onSuccess: refresh });
}

/** Replaces the recovery codes with ten new ones; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshOverview();
  return trpc.security.regenerateRecoveryCodes.useMutation({ onSuccess: refresh });
}
