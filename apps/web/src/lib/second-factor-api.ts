import { startAuthentication } from '@simplewebauthn/browser';
import { TRPCClientError } from '@trpc/client';
import { asApiResponse } from './passkey-prompt';
import { trpc } from './trpc';

/**
 * The step-up ("confirm it's you") calls shared by every screen whose changes need a fresh
 * second-factor check: the sign-in security card and the password card (router `security`).
 * A check lasts 5 minutes on the server; the overview's `confirmedUntil` says until when.
 */

/**
 * Whether a call was refused for want of a fresh second-factor check: the server answers
 * PRECONDITION_FAILED ('Confirm it is you with your second factor first.') to a change of a
 * factor or of the password while the second factor is on.
 */
export function isStepUpRequired(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data?.code === 'PRECONDITION_FAILED';
}

/**
 * The account's sign-in security (`security.overview`): its passkeys, authenticator app and
 * recovery codes, which say what a step-up may offer. `enabled: false` reads nothing yet.
 */
export function useSecurityOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return trpc.security.overview.useQuery(undefined, { enabled });
}

/** How a person confirms it is them: a code, a recovery code, or one of their passkeys. */
export type StepUpProof = { totp: string } | { recoveryCode: string } | { passkey: true };

/**
 * Confirms the second factor (`security.confirm`). For a passkey it asks the server for a
 * challenge (`security.confirmOptions`) and the browser for the passkey (WebAuthn
 * `navigator.credentials.get` through @simplewebauthn/browser); a closed browser prompt rejects
 * with the browser's NotAllowedError. The overview is read again, since `confirmedUntil` moved.
 */
export function useConfirmSecondFactor() {
  const utils = trpc.useUtils();
  const options = trpc.security.confirmOptions.useMutation();
  const confirm = trpc.security.confirm.useMutation({
    onSuccess: () => void utils.security.overview.invalidate(),
  });
  return async (proof: StepUpProof) => {
    if ('passkey' in proof) {
      const optionsJSON = await options.mutateAsync();
      const response = await startAuthentication({ optionsJSON });
      return confirm.mutateAsync({ passkey: asApiResponse(response) });
    }
    return confirm.mutateAsync(proof);
  };
}
