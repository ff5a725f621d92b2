import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@kith/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { isStepUpCancelled } from '../../components/step-up/use-step-up';
import { formatLongDate } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useRegenerateRecoveryCodes } from './api';
import type { RunWithStepUp } from './step-up-run';

type RecoveryCodes = NonNullable<RouterOutputs['security']['overview']['recoveryCodes']>;

/** How many recovery codes a set has (the server makes ten). */
export const RECOVERY_CODES_IN_A_SET = 10;

/** Recovery codes: how many are left of the set, and "Get new codes" (the old ones stop working). */
export function RecoveryCodesSection({
  recoveryCodes,
  run,
  onRecoveryCodes,
}: {
  recoveryCodes: RecoveryCodes;
  run: RunWithStepUp;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateRecoveryCodes();

  const renew = async () => {
    setConfirming(false);
    try {
      const { codes } = await run(() => regenerate.mutateAsync());
      onRecoveryCodes(codes);
    } catch (error) {
      if (!isStepUpCancelled(error)) notifyError(error);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="recovery-codes-heading">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4" id="recovery-codes-heading">
          {t('Recovery codes')}
        </Title>
        <Button
          size="xs"
          variant="default"
          loading={regenerate.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('Get new codes')}
        </Button>
      </Group>
      <Text size="sm" data-testid="recovery-codes-left">
        {t('{{left}} of {{total}} left', {
          left: recoveryCodes.left,
          total: RECOVERY_CODES_IN_A_SET,
        })}
        {' · '}
        {t('made {{date}}', { date: formatLongDate(recoveryCodes.createdAt) })}
      </Text>
      <Text size="sm" c={recoveryCodes.left <= 2 ? 'red.8' : 'dimmed'}>
        {recoveryCodes.left <= 2
          ? t('You are running out of recovery codes. Get new ones and keep them safe.')
          : t('Each code signs you in once when you cannot use your passkey or authenticator app.')}
      </Text>
      <ConfirmDialog
        opened={confirming}
        title={t('Get new recovery codes?')}
        text={t('Your current recovery codes will stop working at once.')}
        confirmLabel={t('Get new codes')}
        onConfirm={() => void renew()}
        onClose={() => setConfirming(false)}
        busy={regenerate.isPending}
      />
    </Stack>
  );
}
