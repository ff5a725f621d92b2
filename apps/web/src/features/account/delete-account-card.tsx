import {
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteAccount } from './api';
import { sessionQueryKey, setSession } from '../../lib/session';

/**
 * Delete account, confirmed with the password. The person is signed out at once; their data
 * is erased within 30 days (privacy page), or at once when they tick the box.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const [opened, dialog] = useDisclosure(false);
  const [password, setPassword] = useState('');
  const [eraseNow, setEraseNow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteAccount({
    onSuccess: async () => {
      dialog.close();
      // Signed out first, then away from /me, and only then the cached data dropped: clearing
      // while /me is shown would refetch its queries without a session and reload the page.
      setSession(queryClient, null);
      await navigate({ to: '/', replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      notifySuccess('Your account has been deleted.');
    },
    onError: (failure) => {
      const field = fieldErrors(failure).password;
      setError(field ? t(field) : null);
      if (!field) notifyError(failure);
    },
  });

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby="delete-heading"
      style={{ borderColor: 'var(--mantine-color-red-filled)' }}
    >
      <Title order={2} size="h3" id="delete-heading">
        {t('Delete account')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t(
          'Deleting your account signs you out everywhere. Your contacts, photos and account are erased within 30 days.',
        )}
      </Text>
      <Button color="red" variant="outline" onClick={dialog.open}>
        {t('Delete account')}
      </Button>
      <Modal opened={opened} onClose={dialog.close} title={t('Delete your account?')} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            remove.mutate({ password, eraseNow });
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm">{t('This cannot be undone. Enter your password to confirm.')}</Text>
            <PasswordInput
              label={t('Password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Checkbox
              label={t('Erase everything now instead of within 30 days')}
              checked={eraseNow}
              onChange={(event) => setEraseNow(event.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={dialog.close}>
                {t('Cancel')}
              </Button>
              <Button type="submit" color="red" loading={remove.isPending} disabled={!password}>
                {t('Delete my account')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
