import { translateErrors } from '../../lib/i18n';
import { changePasswordInput, messages } from '@kith/validators';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { isStepUpCancelled, useStepUp } from '../../components/step-up/use-step-up';
import { fieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import { useChangePassword } from './api';

/**
 * Change password: the current one first; every other session is signed out after, and every
 * app password is revoked (the toast says how many syncing devices must sign in again). With
 * two-step verification on, the server asks for a fresh check of the second factor first
 * ("Confirm it's you"), after which the change is sent again.
 */
export function PasswordCard() {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => {
      const parsed = changePasswordInput.safeParse(values);
      const errors: Record<string, string> = {};
      for (const issue of parsed.error?.issues ?? []) {
        errors[String(issue.path[0])] ??= issue.message;
      }
      if (values.confirmPassword !== values.newPassword) {
        errors.confirmPassword = messages.account.passwordsDiffer;
      }
      return translateErrors(errors);
    },
  });
  const stepUp = useStepUp();
  const change = useChangePassword({
    onSuccess: ({ otherSessionsEnded, appPasswordsRevoked, apiTokensRevoked }) => {
      form.reset();
      notifySuccess('Password changed. {{count}} other sessions were signed out.', {
        count: otherSessionsEnded,
      });
      // The app passwords went with the old password: say how many devices stopped syncing.
      if (appPasswordsRevoked > 0) {
        notifySuccess(
          '{{count}} syncing devices were signed out. Give each a new app password in Sync with your phone.',
          { count: appPasswordsRevoked },
        );
      }
      // So did the API tokens (docs/api-tokens.md): scripts using them need new ones.
      if (apiTokensRevoked > 0) {
        notifySuccess('{{count}} API tokens were revoked. Create new ones under API tokens.', {
          count: apiTokensRevoked,
        });
      }
    },
  });
  const submit = async (values: { currentPassword: string; newPassword: string }) => {
    try {
      await stepUp.run(() => change.mutateAsync(values));
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      form.setErrors(fieldErrors(error));
      notifyError(error);
    }
  };
  const error = (field: keyof typeof form.values) => form.errors[field];

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="password-heading">
      <Title order={2} size="h3" id="password-heading">
        {t('Change password')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('Other devices will be signed out; this one stays signed in.')}
      </Text>
      <form
        onSubmit={form.onSubmit(
          ({ currentPassword, newPassword }) => void submit({ currentPassword, newPassword }),
        )}
        noValidate
      >
        <Stack gap="sm" maw={420}>
          <PasswordInput
            label={t('Current password')}
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
            error={error('currentPassword')}
          />
          <PasswordInput
            label={t('New password')}
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
            error={error('newPassword')}
          />
          <PasswordInput
            label={t('Confirm new password')}
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
            error={error('confirmPassword')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('Change password')}
            </Button>
          </Group>
        </Stack>
      </form>
      {stepUp.dialog}
    </Paper>
  );
}
