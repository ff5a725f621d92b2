import { useNavigate } from '@tanstack/react-router';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { REDIRECT_DELAY_MS, wait } from '../../../lib/timing';
import { useResendRecoveryCode, useVerifyRecoveryCode } from '../api/recover';
import { CodeForm } from './code-form';
import { useTranslation } from 'react-i18next';

/**
 * Recovery step 3: the code mailed in step 2
 * (docs/product/screens.md#verification-and-recovery-screens).
 */
export function RecoverCode({ resendInMs }: { resendInMs: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyRecoveryCode();
  const resend = useResendRecoveryCode();

  return (
    <CodeForm
      resendWaitSeconds={Math.ceil(resendInMs / 1000)}
      title={t('Enter your recovery code')}
      description={t('We sent a 6-digit code to your email. Enter it to choose a new password.')}
      onVerify={async (otp) => {
        try {
          await verify.mutateAsync({ otp });
          notifySuccess('Verification Successful');
          await wait(REDIRECT_DELAY_MS);
          await navigate({ to: '/recover/reset' });
        } catch (error) {
          notifyError(error);
          throw error;
        }
      }}
      onResend={async () => {
        try {
          await resend.mutateAsync();
          notifySuccess('Email Resend Successful');
          return true;
        } catch (error) {
          notifyError(error);
          return false;
        }
      }}
    />
  );
}
