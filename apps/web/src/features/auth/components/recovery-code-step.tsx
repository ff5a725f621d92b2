import { Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../lib/session';
import { useVerifySecondFactorRecoveryCode } from '../api/second-factor';
import { useSecondFactorFailure } from './second-factor-errors';

/** At this many recovery codes left or fewer, the person is warned to make new ones. */
export const FEW_RECOVERY_CODES = 2;

/**
 * The second step by recovery code: one of the ten single-use codes given when the second
 * factor was turned on (OWASP Multifactor Authentication Cheat Sheet, "Recovery codes"). After
 * it signs in, a toast says how many codes are left, and warns (and stays until closed) when
 * `FEW_RECOVERY_CODES` or fewer remain.
 */
export function RecoveryCodeStep({
  onSignedIn,
  showFormError,
}: {
  onSignedIn: (user: SessionUser) => Promise<void>;
  showFormError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const verify = useVerifySecondFactorRecoveryCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const fail = useSecondFactorFailure({ showFieldError: setError, showFormError });

  // Shown on the person's request ('Use a recovery code'): the focus goes where they type.
  useEffect(() => input.current?.focus(), []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    showFormError(null);
    const value = code.trim();
    if (!value) {
      setError(t('Enter one of your recovery codes'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { user, recoveryCodesLeft } = await verify.mutateAsync({ code: value });
      showCodesLeft(recoveryCodesLeft);
      await onSignedIn(user);
    } catch (failure) {
      await fail(failure);
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const showCodesLeft = (count: number) => {
    const left = t('You have {{count}} recovery codes left.', { count });
    if (count > FEW_RECOVERY_CODES) {
      notifications.show({ color: 'teal', message: left });
      return;
    }
    notifications.show({
      color: 'orange',
      autoClose: false,
      title: left,
      message: t('Make new recovery codes on your profile page before they run out.'),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          ref={input}
          label={t('Recovery code')}
          description={t('Each recovery code works once.')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Button type="submit" fullWidth loading={busy}>
          {t('Verify')}
        </Button>
      </Stack>
    </form>
  );
}
