import { REMINDER_LEAD_DAYS, type ReminderSettingsInput } from '@kith/validators';
import {
  Button,
  Checkbox,
  Chip,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { browserTimeZone, useReminderSettings, useSaveReminderSettings } from './api';

/** Every IANA zone this browser knows, with the saved one kept even if it does not. */
function timeZones(saved: string): string[] {
  const known = Intl.supportedValuesOf?.('timeZone') ?? [];
  return known.includes(saved) ? known : [saved, ...known];
}

/**
 * Reminder settings on /me: on or off, which dates, how early, the time of day and
 * time zone (this browser's until saved), one mail per date or a weekly digest.
 */
export function RemindersCard() {
  const { t } = useTranslation();
  const settings = useReminderSettings();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="reminders-heading">
      <Title order={2} size="h3" id="reminders-heading">
        {t('Reminders')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('Kith emails you before your contacts’ birthdays and other dates.')}
      </Text>
      {settings.data && (
        <RemindersForm
          initial={
            settings.data.saved ? settings.data : { ...settings.data, timeZone: browserTimeZone() }
          }
        />
      )}
    </Paper>
  );
}

function RemindersForm({ initial }: { initial: ReminderSettingsInput }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ReminderSettingsInput>(() => ({
    enabled: initial.enabled,
    birthdays: initial.birthdays,
    anniversaries: initial.anniversaries,
    otherDates: initial.otherDates,
    leadDays: initial.leadDays,
    sendAt: initial.sendAt,
    timeZone: initial.timeZone,
    delivery: initial.delivery,
  }));
  const save = useSaveReminderSettings({
    onSuccess: (saved) => {
      notifySuccess(saved.enabled ? 'Reminders saved' : 'Reminders are off');
    },
    onError: (error) => notifyError(error),
  });
  const zones = useMemo(() => timeZones(values.timeZone), [values.timeZone]);
  const leadLabels: Record<number, string> = {
    0: t('On the day'),
    1: t('1 day before'),
    3: t('3 days before'),
    7: t('1 week before'),
    14: t('2 weeks before'),
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values);
      }}
    >
      <Stack gap="md">
        <Switch
          label={t('Email me reminders')}
          checked={values.enabled}
          onChange={(e) => setValues({ ...values, enabled: e.currentTarget.checked })}
        />
        <Checkbox.Group
          label={t('Remind me of')}
          value={[
            ...(values.birthdays ? ['birthdays'] : []),
            ...(values.anniversaries ? ['anniversaries'] : []),
            ...(values.otherDates ? ['otherDates'] : []),
          ]}
          onChange={(kinds) =>
            setValues({
              ...values,
              birthdays: kinds.includes('birthdays'),
              anniversaries: kinds.includes('anniversaries'),
              otherDates: kinds.includes('otherDates'),
            })
          }
        >
          <Group gap="md" mt={6}>
            <Checkbox value="birthdays" label={t('Birthdays')} />
            <Checkbox value="anniversaries" label={t('Anniversaries')} />
            <Checkbox value="otherDates" label={t('Other dates')} />
          </Group>
        </Checkbox.Group>
        <div role="group" aria-labelledby="reminder-when">
          <Text size="sm" fw={500} id="reminder-when">
            {t('When')}
          </Text>
          <Chip.Group
            multiple
            value={values.leadDays.map(String)}
            onChange={(days) =>
              setValues({
                ...values,
                leadDays: days
                  .map(Number)
                  .sort((a, b) => a - b) as ReminderSettingsInput['leadDays'],
              })
            }
          >
            <Group gap="xs" mt={6}>
              {REMINDER_LEAD_DAYS.map((days) => (
                <Chip key={days} value={String(days)} size="sm">
                  {leadLabels[days]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
        <Group gap="md" align="flex-start" wrap="wrap">
          <TextInput
            type="time"
            label={t('Time of day')}
            value={values.sendAt}
            onChange={(e) => setValues({ ...values, sendAt: e.currentTarget.value })}
            w={140}
          />
          <Select
            label={t('Time zone')}
            data={zones}
            value={values.timeZone}
            onChange={(zone) => zone && setValues({ ...values, timeZone: zone })}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('No time zone by that name')}
            style={{ flex: 1, minWidth: 220 }}
          />
        </Group>
        <Radio.Group
          label={t('How')}
          value={values.delivery}
          onChange={(delivery) =>
            setValues({ ...values, delivery: delivery as ReminderSettingsInput['delivery'] })
          }
        >
          <Stack gap={6} mt={6}>
            <Radio value="each" label={t('One email for each date')} />
            <Radio
              value="weekly_digest"
              label={t('One email a week, on Mondays, with the week ahead')}
            />
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('Save reminders')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
