import { Button, Stack } from '@mantine/core';
import { OTP_LENGTH } from '@kith/validators';
import { useState, type ReactNode } from 'react';
import { ResendButton } from './resend-button';
import { AuthHeading } from './auth-heading';
import { OtpBoxes } from './otp-boxes';
import { useTranslation } from 'react-i18next';

/**
 * The one-time code screen shared by sign-up verification and recovery
 * (docs/product/screens.md#verification-and-recovery-screens): six boxes
 * that take one digit each, advance on entry, step back on backspace and fill from a pasted
 * code; a Verify button; and 'Resend Otp' with its countdown.
 */
export function CodeForm({
  title,
  description,
  onVerify,
  onResend,
  resendWaitSeconds,
}: {
  title: string;
  description: ReactNode;
  /** Resolves once the code was accepted; rejects (after showing why) when it was not. */
  onVerify: (code: string) => Promise<void>;
  /** Resolves true when a new code was sent. */
  onResend: () => Promise<boolean>;
  /** Seconds before the code may be mailed again, as the server counts them. */
  resendWaitSeconds?: number;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const verify = async (event?: React.FormEvent) => {
    event?.preventDefault();
    if (code.length !== OTP_LENGTH) {
      setError(t('Enter all {{length}} digits of the code', { length: OTP_LENGTH }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onVerify(code);
    } catch {
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={verify} noValidate>
      <Stack gap="lg">
        <AuthHeading title={title}>{description}</AuthHeading>
        <OtpBoxes
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error}
          label={t('One-time code')}
          autoFocus
        />
        <Button type="submit" fullWidth loading={busy}>
          {t('Verify')}
        </Button>
        <ResendButton onResend={onResend} waitSeconds={resendWaitSeconds} />
      </Stack>
    </form>
  );
}
