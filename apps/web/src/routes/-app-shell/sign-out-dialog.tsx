import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useLogout, useSetSession } from '../../lib/session';
import { notifySuccess } from '../../lib/notify';
import { REDIRECT_DELAY_MS, wait } from '../../lib/timing';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../../lib/use-focus-return';

/**
 * The sign-out confirmation (docs/product/states.md#session): on confirm, log out, show 'Logout
 * Successful', mark signed out, close the dialog, and go to / after 2 s. A failure shows
 * 'Logout Failed' and closes the dialog.
 */
export function SignOutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useFocusReturn(opened);
  const navigate = useNavigate();
  const setSession = useSetSession();
  const logout = useLogout();

  const confirm = async () => {
    try {
      await logout.mutateAsync();
      notifySuccess('Logout Successful');
      setSession(null);
      onClose();
      await wait(REDIRECT_DELAY_MS);
      await navigate({ to: '/', replace: true });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof Error ? t('Logout Failed') : t('Unknown Error Occurred'),
      });
      onClose();
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('Sign out?')} centered size="sm">
      <Text mb="lg">{t('You will need to log in again to see your contacts.')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('Cancel')}
        </Button>
        <Button color="red" onClick={confirm} loading={logout.isPending}>
          {t('Sign Out')}
        </Button>
      </Group>
    </Modal>
  );
}
