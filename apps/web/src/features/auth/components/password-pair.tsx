import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../../lib/i18n';
import { PasswordInput, Stack } from '@mantine/core';

export const PASSWORDS_DIFFER = i18nKey('Passwords do not match');

/**
 * A password and its confirmation (docs/product/validation.md#signup): the confirmation is disabled
 * until a password is typed; its border turns green on a match and red on a mismatch. Both have
 * show/hide toggles.
 */
export function PasswordPair({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  passwordError,
  passwordLabel = i18nKey('Password'),
  confirmLabel = i18nKey('Confirm Password'),
}: {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  passwordError?: string;
  passwordLabel?: string;
  confirmLabel?: string;
}) {
  const { t } = useTranslation();
  const touched = confirm.length > 0;
  const matches = touched && confirm === password;
  const color = !touched
    ? undefined
    : matches
      ? 'light-dark(var(--mantine-color-teal-7), var(--mantine-color-teal-4))'
      : 'light-dark(var(--mantine-color-red-7), var(--mantine-color-red-4))';
  return (
    <Stack gap="md">
      <PasswordInput
        label={t(passwordLabel)}
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={passwordError}
        required
      />
      <PasswordInput
        label={t(confirmLabel)}
        autoComplete="new-password"
        value={confirm}
        disabled={password.length === 0}
        onChange={(event) => onConfirmChange(event.currentTarget.value)}
        error={touched && !matches ? t(PASSWORDS_DIFFER) : undefined}
        description={matches ? t('Passwords match') : undefined}
        styles={{ input: color ? { borderColor: color } : undefined }}
        data-match={touched ? String(matches) : undefined}
        required
      />
    </Stack>
  );
}
