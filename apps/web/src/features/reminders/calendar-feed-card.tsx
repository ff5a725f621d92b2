import { Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './api';

/**
 * The calendar feed on /me: a secret address that Google Calendar, Apple Calendar
 * and Thunderbird subscribe to, listing birthdays and anniversaries; made, copied, replaced
 * and revoked here.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
  const [confirming, setConfirming] = useState<'replace' | 'revoke' | null>(null);
  const create = useCreateCalendarFeed({
    onSuccess: () => {
      setConfirming(null);
      notifySuccess('Calendar address ready');
    },
    onError: (error) => notifyError(error),
  });
  const revoke = useRevokeCalendarFeed({
    onSuccess: () => {
      setConfirming(null);
      notifySuccess('Calendar address turned off');
    },
    onError: (error) => notifyError(error),
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="calendar-heading">
      <Title order={2} size="h3" id="calendar-heading">
        {t('Birthdays in your calendar')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t(
          'Subscribe to this address in Google Calendar, Apple Calendar or Thunderbird to see your contacts’ birthdays and anniversaries there. Anyone with the address can see them: keep it to yourself.',
        )}
      </Text>
      {feed.data ? (
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }} data-testid="feed-url">
              {feed.data.url}
            </Code>
            <CopyButton value={feed.data.url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  size="xs"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                >
                  {copied ? t('Copied') : t('Copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group gap="sm">
            <Button variant="default" onClick={() => setConfirming('replace')}>
              {t('Make a new address')}
            </Button>
            <Button variant="light" color="red" onClick={() => setConfirming('revoke')}>
              {t('Turn off')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Button
          variant="light"
          loading={create.isPending}
          disabled={feed.isPending}
          onClick={() => create.mutate()}
        >
          {t('Create calendar address')}
        </Button>
      )}
      <ConfirmDialog
        opened={confirming === 'replace'}
        onClose={() => setConfirming(null)}
        title={t('Make a new address?')}
        text={t('The current address stops working. Calendars subscribed to it need the new one.')}
        confirmLabel={t('Make a new address')}
        onConfirm={() => create.mutate()}
        busy={create.isPending}
      />
      <ConfirmDialog
        opened={confirming === 'revoke'}
        onClose={() => setConfirming(null)}
        title={t('Turn off the calendar address?')}
        text={t('Calendars subscribed to it stop getting your contacts’ birthdays.')}
        confirmLabel={t('Turn off')}
        onConfirm={() => revoke.mutate()}
        busy={revoke.isPending}
      />
    </Paper>
  );
}
