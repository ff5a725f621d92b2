import { Trans } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { REDIRECT_DELAY_MS, wait } from '../../../lib/timing';
import { useResendVerification, useVerifyEmail } from '../api/auth';
import { useSetSession } from '../../../lib/session';
import { CodeForm } from './code-form';
import { useTranslation } from 'react-i18next';

/** /verify: the code mailed at sign-up signs the person in (docs/product/states.md#session). */
export function VerifyEmail({ email, resendInMs }: { email: string; resendInMs: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSession = useSetSession();
  const verify = useVerifyEmail();
  const resend = useResendVerification();

  return (
    <CodeForm
      resendWaitSeconds={Math.ceil(resendInMs / 1000)}
      title={t('Verify your email')}
      description={
        <Trans
          i18nKey="We sent a 6-digit code to <strong>{{email}}</strong>. Enter it below."
          values={{ email }}
          components={{ strong: <strong /> }}
        />
      }
      onVerify={async (otp) => {
        try {
          const { user } = await verify.mutateAsync({ email, otp });
          notifySuccess('Verification Successful');
          await wait(REDIRECT_DELAY_MS);
          setSession(user);
          await navigate({ to: '/', replace: true });
        } catch (error) {
          notifyError(error);
          throw error;
        }
      }}
      onResend={async () => {
        try {
          await resend.mutateAsync({ email });
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
