import { Button, Stack, Text } from '@mantine/core';
import { OTP_LENGTH } from '@kith/validators';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../lib/session';
import { useVerifyTotp } from '../api/second-factor';
import { OtpBoxes } from './otp-boxes';
import { useSecondFactorFailure } from './second-factor-errors';

/**
 * The second step by authenticator app (RFC 6238: a 6-digit code that changes every 30 s):
 * the code's six boxes and Verify. A wrong code shows by the boxes, which empty for the next try.
 */
export function TotpStep({
  onSignedIn,
  showFormError,
}: {
  onSignedIn: (user: SessionUser) => Promise<void>;
  showFormError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const verify = useVerifyTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstBox = useRef<HTMLInputElement>(null);
  const fail = useSecondFactorFailure({ showFieldError: setError, showFormError });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    showFormError(null);
    if (code.length !== OTP_LENGTH) {
      setError(t('Enter all {{length}} digits of the code', { length: OTP_LENGTH }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { user } = await verify.mutateAsync({ code });
      await onSignedIn(user);
    } catch (failure) {
      setCode('');
      await fail(failure);
      // The button was disabled while it waited, which dropped the focus: back to the boxes.
      firstBox.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" ta="center">
          {t('Enter the 6-digit code from your authenticator app')}
        </Text>
        <OtpBoxes
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error}
          label={t('Code from your authenticator app')}
          firstBoxRef={firstBox}
        />
        <Button type="submit" fullWidth loading={busy}>
          {t('Verify')}
        </Button>
      </Stack>
    </form>
  );
}
