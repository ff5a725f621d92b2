import type { KeepInTouchInterval } from '@kith/validators';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircleCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatPlainDate } from '../../lib/format';
import { intervalLabels } from '../../lib/keep-in-touch-intervals';
import { notifyError, notifySuccess } from '../../lib/notify';
import { localToday, useKeepInTouch, useSetKeepInTouch, useTalkedToday } from './api';

/** "Due today", "Due since 3 March 2027", "Next: 3 March 2027". */
export function dueText(t: TFunction, dueOn: string): string {
  const today = localToday();
  if (dueOn === today) return t('Due today');
  if (dueOn < today) return t('Due since {{date}}', { date: formatPlainDate(dueOn) });
  return t('Next: {{date}}', { date: formatPlainDate(dueOn) });
}

/**
 * Keep in touch on a contact's page: how often, "I talked to them today", when
 * they last talked and when the contact is next due.
 */
export function KeepInTouchPanel({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const state = useKeepInTouch(contactId);
  const set = useSetKeepInTouch({ onError: (error) => notifyError(error) });
  const talked = useTalkedToday({
    onSuccess: () => notifySuccess('Marked as talked to today'),
    onError: (error) => notifyError(error),
  });
  const labels = intervalLabels(t);
  const data = [
    { value: '', label: t('Not set') },
    ...Object.entries(labels).map(([value, label]) => ({ value, label })),
  ];
  if (!state.data) return null;
  const { interval, lastContactedOn, dueOn } = state.data;

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="keep-in-touch-heading"
    >
      <Title order={2} fz="h4" mb="sm" id="keep-in-touch-heading">
        {t('Keep in touch')}
      </Title>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('How often')}
            data={data}
            value={interval ?? ''}
            allowDeselect={false}
            onChange={(value) =>
              set.mutate({
                contactId,
                interval: (value || null) as KeepInTouchInterval | null,
                today: localToday(),
              })
            }
            w={200}
          />
          <Button
            variant="default"
            // A label longer than a phone's width ("Hoy he hablado con esta persona") wraps
            // rather than being cut.
            h="auto"
            mih={36}
            py={6}
            maw="100%"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.3 } }}
            leftSection={<IconMessageCircleCheck size={18} />}
            loading={talked.isPending}
            onClick={() => talked.mutate({ contactId, today: localToday() })}
          >
            {t('I talked to them today')}
          </Button>
        </Group>
        {(lastContactedOn || dueOn) && (
          <Text size="sm" c="dimmed">
            {[
              lastContactedOn &&
                t('Last talked: {{date}}', { date: formatPlainDate(lastContactedOn) }),
              dueOn && dueText(t, dueOn),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
