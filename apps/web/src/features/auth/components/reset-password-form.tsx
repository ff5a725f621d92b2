import { i18nKey } from '../../../lib/i18n';
import { Button, Stack } from '@mantine/core';
import { messages, PASSWORD_MIN_LENGTH } from '@kith/validators';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { fieldErrors, notifyError, notifySuccess } from '../../../lib/notify';
import { REDIRECT_DELAY_MS, wait } from '../../../lib/timing';
import { useResetPassword } from '../api/recover';
import { isSecondFactorDue } from '../api/second-factor';
import { useSetSession } from '../../../lib/session';
import { PasswordPair } from './password-pair';
import { AuthHeading } from './auth-heading';
import { useTranslation } from 'react-i18next';

/**
 * Recovery step 4, 'Reset your password'
 * (docs/product/screens.md#verification-and-recovery-screens,
 * docs/product/validation.md#recovery-and-verification): submit is enabled only when the
 * confirmation matches; success signs the person in and goes to / after 2 s, or, for an account
 * with a second factor, goes on to /second-factor (OWASP Multifactor Authentication Cheat Sheet:
 * a password reset must not bypass the second factor).
 */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSession = useSetSession();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError(messages.account.passwordTooShort);
      return;
    }
    try {
      const answer = await reset.mutateAsync({ password });
      notifySuccess('Password Reset Successful');
      if (isSecondFactorDue(answer)) {
        // The new password is set, but a reset by mail never skips the second factor.
        await navigate({ to: '/second-factor', replace: true });
        return;
      }
      await wait(REDIRECT_DELAY_MS);
      setSession(answer.user);
      await navigate({ to: '/', replace: true });
    } catch (err) {
      setError(fieldErrors(err).password);
      notifyError(err);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('Reset your password')}>
          {t(
            'Choose a new password of at least {{min}} characters. Every other device will be signed out.',
            { min: PASSWORD_MIN_LENGTH },
          )}
        </AuthHeading>
        <PasswordPair
          password={password}
          confirm={confirm}
          onPasswordChange={(value) => {
            setPassword(value);
            setError(undefined);
          }}
          onConfirmChange={setConfirm}
          passwordError={error}
          passwordLabel={i18nKey('New password')}
          confirmLabel={t('Confirm new password')}
        />
        <Button
          type="submit"
          fullWidth
          loading={reset.isPending}
          disabled={!password || confirm !== password || reset.isPending}
        >
          {t('Reset Password')}
        </Button>
      </Stack>
    </form>
  );
}
