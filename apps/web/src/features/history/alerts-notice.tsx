import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatLongDate } from '../../lib/format';
import { currentLocale } from '../../lib/i18n';
import { useDismissSyncAlert, useSyncAlerts, useUndoSyncAlert } from './api/alerts';

type SyncAlert = NonNullable<ReturnType<typeof useSyncAlerts>['data']>[number];

/** "14:05" / "14:05": a time of day in the interface language, in the browser's zone. */
function timeOfDay(date: Date): string {
  return new Intl.DateTimeFormat(currentLocale() === 'es' ? 'es-ES' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

function isToday(date: Date): boolean {
  return new Date(date).toDateString() === new Date().toDateString();
}

/**
 * The notices at the top of every signed-in page when a sync client changed many contacts at
 * once (docs/history.md#safety-rails-for-sync): "iPhone changed 312 contacts between 14:02
 * and 14:05.", with "Undo these changes" (asked first) and "Keep them". Nothing when there is
 * none.
 */
export function SyncAlertsNotice() {
  const alerts = useSyncAlerts().data ?? [];
  if (alerts.length === 0) return null;
  return (
    <Stack gap="sm" mb="md">
      {alerts.map((alert) => (
        <SyncAlertNotice key={alert.id} alert={alert} />
      ))}
    </Stack>
  );
}

function SyncAlertNotice({ alert }: { alert: SyncAlert }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const undo = useUndoSyncAlert();
  const dismiss = useDismissSyncAlert();
  const values = {
    count: alert.contactsChanged,
    device: alert.appPasswordName,
    from: timeOfDay(alert.since),
    to: timeOfDay(alert.until),
    day: formatLongDate(alert.since),
  };
  const sameMinute = values.from === values.to;
  const what = isToday(alert.since)
    ? sameMinute
      ? t('{{device}} changed {{count, number}} contacts at {{from}}.', values)
      : t('{{device}} changed {{count, number}} contacts between {{from}} and {{to}}.', values)
    : sameMinute
      ? t('{{device}} changed {{count, number}} contacts on {{day}} at {{from}}.', values)
      : t(
          '{{device}} changed {{count, number}} contacts on {{day}} between {{from}} and {{to}}.',
          values,
        );

  // The toasts come from the hooks (api/alerts.ts): the notice may be gone by then.
  const undoIt = () =>
    undo.mutate({ alertId: alert.id }, { onSettled: () => setConfirming(false) });

  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      icon={<IconAlertTriangle size={20} />}
      // The title in the text colour: Alert's orange on its tint is below AA contrast.
      title={
        <Text component="span" fw={700} size="sm" c="var(--mantine-color-text)">
          {t('Many contacts changed at once')}
        </Text>
      }
      data-testid="sync-alert"
    >
      <Text size="sm" mb="sm">
        {what}
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={() => setConfirming(true)}>
          {t('Undo these changes')}
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={dismiss.isPending}
          disabled={undo.isPending}
          onClick={() => dismiss.mutate({ alertId: alert.id })}
        >
          {t('Keep them')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('Undo these changes?')}
        text={t(
          'The {{count, number}} contacts {{device}} changed go back as they were just before {{from}}. Your other contacts and changes stay as they are.',
          values,
        )}
        confirmLabel={t('Undo these changes')}
        busy={undo.isPending}
        onConfirm={undoIt}
        onClose={() => setConfirming(false)}
      />
    </Alert>
  );
}
