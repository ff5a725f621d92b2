import { Button, Grid, Group, Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { monthOptions, newDate, type ContactFormValues } from '../api/contact-form-values';
import { CustomTypeInput } from './type-select';
import { RowActions } from './value-rows';

const ANNIVERSARY = 'anniversary';
const CUSTOM = 'custom';

/**
 * Anniversaries and labelled dates (RFC 6350 ANNIVERSARY, Apple's labelled dates):
 * each a kind (Anniversary, or the person's own label), day, month and an optional year.
 */
export function DateRows({ form }: { form: UseFormReturnType<ContactFormValues> }) {
  const { t } = useTranslation();
  const rows = form.getValues().dates;
  const rowLabel = (i: number) => `${t('Date')} ${i + 1}`;
  return (
    <Stack gap="md">
      {rows.map((row, i) => (
        <Stack key={i} gap="xs">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <div style={{ flex: 1, maxWidth: '14rem' }}>
              <Select
                label={t('Type')}
                aria-label={t('{{field}} type', { field: rowLabel(i) })}
                data={[
                  { value: ANNIVERSARY, label: t('Anniversary') },
                  { value: CUSTOM, label: t('Custom label…') },
                ]}
                value={row.custom ? CUSTOM : ANNIVERSARY}
                allowDeselect={false}
                onChange={(value) => {
                  const custom = value === CUSTOM;
                  form.setFieldValue(`dates.${i}.custom`, custom);
                  form.setFieldValue(`dates.${i}.type`, custom ? '' : ANNIVERSARY);
                }}
              />
            </div>
            <RowActions
              label={rowLabel(i)}
              canMoveUp={i > 0}
              canRemove
              onMoveUp={() => form.reorderListItem('dates', { from: i, to: i - 1 })}
              onRemove={() => form.removeListItem('dates', i)}
            />
          </Group>
          {row.custom && (
            <CustomTypeInput
              label={rowLabel(i)}
              inputProps={form.getInputProps(`dates.${i}.type`)}
            />
          )}
          <Grid gap="sm">
            <Grid.Col span={3}>
              <TextInput
                label={t('Day')}
                aria-label={`${rowLabel(i)}: ${t('Day')}`}
                inputMode="numeric"
                maxLength={2}
                {...form.getInputProps(`dates.${i}.day`)}
              />
            </Grid.Col>
            <Grid.Col span={5}>
              <Select
                label={t('Month')}
                aria-label={`${rowLabel(i)}: ${t('Month')}`}
                data={monthOptions()}
                clearable
                {...form.getInputProps(`dates.${i}.month`)}
                value={row.month || null}
                onChange={(value) => form.setFieldValue(`dates.${i}.month`, value ?? '')}
              />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput
                label={t('Year')}
                aria-label={`${rowLabel(i)}: ${t('Year')}`}
                inputMode="numeric"
                maxLength={4}
                {...form.getInputProps(`dates.${i}.year`)}
              />
            </Grid.Col>
          </Grid>
        </Stack>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('dates', newDate())}
        >
          {t('Add date')}
        </Button>
      </Group>
    </Stack>
  );
}
