import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IMPORT_COLUMN_TARGETS, type ImportColumnTarget } from '@kith/validators';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../lib/i18n';

/** What each target of a column is called in the mapping step. */
const TARGET_NAMES: Record<ImportColumnTarget, string> = {
  ignore: i18nKey('Leave out'),
  fullName: i18nKey('Full name'),
  givenName: i18nKey('First name'),
  familyName: i18nKey('Last name'),
  email: i18nKey('Email'),
  phone: i18nKey('Phone'),
  org: i18nKey('Company'),
  title: i18nKey('Job title'),
  streetAddress: i18nKey('Street address'),
  city: i18nKey('City'),
  postCode: i18nKey('Post code'),
  country: i18nKey('Country'),
  birthday: i18nKey('Birthday'),
  labels: i18nKey('Labels'),
  note: i18nKey('Notes'),
  website: i18nKey('Website'),
  custom: i18nKey('Keep as a field of its own'),
};

/**
 * Step 2 for a CSV of no known layout: where each column goes, with an example value from
 * the file beside it. The server's suggestion is filled in; every column can be changed.
 */
export function ColumnMapping({
  columns,
  sample,
  mapping,
  busy,
  onChange,
  onBack,
  onContinue,
}: {
  columns: string[];
  sample: string[][];
  mapping: ImportColumnTarget[];
  busy: boolean;
  onChange: (mapping: ImportColumnTarget[]) => void;
  onBack: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const options = IMPORT_COLUMN_TARGETS.map((target) => ({
    value: target,
    label: t(TARGET_NAMES[target]),
  }));
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h3">
          {t('Where does each column go?')}
        </Title>
        <Text c="dimmed" size="sm">
          {t(
            'Kith does not know this file’s layout. Check the suggestions; columns you keep as fields of their own show on the contact and are exported again.',
          )}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {columns.map((column, i) => {
          const example = sample.map((row) => row[i] ?? '').find(Boolean) ?? '';
          return (
            <Paper key={i} withBorder radius="md" p="sm">
              <NativeSelect
                label={column || t('Column {{n}}', { n: i + 1 })}
                description={example ? t('For example: {{value}}', { value: example }) : ''}
                data={options}
                value={mapping[i] ?? 'custom'}
                onChange={(event) => {
                  const next = [...mapping];
                  next[i] = event.currentTarget.value as ImportColumnTarget;
                  onChange(next);
                }}
                styles={{ description: { overflowWrap: 'anywhere' } }}
              />
            </Paper>
          );
        })}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={busy}>
          {t('Choose another file')}
        </Button>
        <Button onClick={onContinue} loading={busy}>
          {t('Continue')}
        </Button>
      </Group>
    </Stack>
  );
}
