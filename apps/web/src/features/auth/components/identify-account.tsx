import { Button, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@kith/api';
import { useNavigate } from '@tanstack/react-router';
import { InitialsAvatar } from '../../../components/initials-avatar';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { REDIRECT_DELAY_MS, wait } from '../../../lib/timing';
import { useSendRecoveryCode } from '../api/recover';
import { useTranslation } from 'react-i18next';

type Preview = RouterOutputs['recover']['checkFound'];

/**
 * Recovery step 2, 'Is this your account?'
 * (docs/product/screens.md#verification-and-recovery-screens).
 */
export function IdentifyAccount({ account }: { account: Preview }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sendCode = useSendRecoveryCode();

  const confirm = async () => {
    try {
      await sendCode.mutateAsync();
      notifySuccess('Otp Sent Successful');
      await wait(REDIRECT_DELAY_MS);
      await navigate({ to: '/recover/verify' });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="lg" align="stretch">
      <Title order={1} fz="h2">
        {t('Is this your account?')}
      </Title>
      <Stack gap={6} align="center">
        {account.avatar.url ? (
          <img
            src={account.avatar.url}
            alt={account.name}
            width={72}
            height={72}
            style={{ borderRadius: '50%' }}
          />
        ) : (
          <InitialsAvatar name={account.name} size={72} />
        )}
        <Text fw={700} size="lg">
          {account.name}
        </Text>
        <Text c="dimmed">{account.email}</Text>
      </Stack>
      <Button onClick={confirm} loading={sendCode.isPending} fullWidth>
        {t('Yes, this is my account')}
      </Button>
      <Button variant="default" onClick={() => navigate({ to: '/recover' })} fullWidth>
        {t('No, this is not my account')}
      </Button>
    </Stack>
  );
}
