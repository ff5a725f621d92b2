import { useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, fieldErrors, notifyError } from '../../../lib/notify';

/**
 * Where a refused second step shows (OWASP Multifactor Authentication Cheat Sheet: the person is
 * told the code is wrong, not which factor): a message about the code by the field
 * (`fieldErrors.code`), anything else (a spent attempt budget, a passkey not verified) as the
 * form's message; and a sign-in whose 10 minutes ran out (NOT_FOUND) sends the person back to
 * /login with the server's message in a toast.
 */
export function useSecondFactorFailure({
  showFieldError,
  showFormError,
}: {
  /** Shows the message by the code's field; absent where the step has no field. */
  showFieldError?: (message: string) => void;
  showFormError: (message: string) => void;
}) {
  const navigate = useNavigate();
  return async (error: unknown) => {
    if (error instanceof TRPCClientError && error.data?.code === 'NOT_FOUND') {
      notifyError(error);
      await navigate({ to: '/login', replace: true });
      return;
    }
    const field = fieldErrors(error).code;
    if (field && showFieldError) showFieldError(field);
    else showFormError(field ?? errorMessage(error));
  };
}
