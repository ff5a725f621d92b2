import {
  Badge,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format';
import { i18nKey } from '../../lib/i18n';
import type { Preview } from './api';
import { encodingName } from './decode-file';
import classes from './import-preview.module.css';

export type DuplicateChoice = 'skip' | 'update';

/** Rows listed one by one; the rest are counted (a re-imported book has thousands). */
const LISTED = 50;

/** New contacts named before "and N more": enough to recognise the file, short on a phone. */
const NAMED = 8;

const FORMAT_NAMES: Record<Preview['format'], string> = {
  google: i18nKey('Google Contacts CSV'),
  'google-legacy': i18nKey('Google Contacts CSV (old layout)'),
  outlook: i18nKey('Outlook CSV'),
  thunderbird: i18nKey('Thunderbird CSV'),
  csv: i18nKey('CSV'),
  vcard: i18nKey('vCard'),
};

/**
 * Step 3: what the import will do, before anything is written. How many contacts are new and
 * the first of their names (docs/product/screens.md#import), which look like contacts already in the book (same email or phone) with the choice to skip
 * or update each (or all), and which rows have problems and why.
 */
export function ImportPreview({
  fileName,
  encoding,
  preview,
  choiceFor,
  onChoice,
  onChoiceForAll,
  onCancel,
  onDateOrder,
  onImport,
}: {
  fileName: string;
  /** The encoding the file was read in (WHATWG name); said when it is not UTF-8. */
  encoding: string;
  preview: Preview;
  choiceFor: (row: number) => DuplicateChoice;
  onChoice: (row: number, choice: DuplicateChoice) => void;
  onChoiceForAll: (choice: DuplicateChoice) => void;
  onCancel: () => void;
  /** Reads the file again with its birthdays day first or month first. */
  onDateOrder: (order: 'day-first' | 'month-first') => void;
  onImport: () => void;
}) {
  const { t } = useTranslation();
  const duplicateRows = new Set(preview.duplicates.map((d) => d.row));
  const newCount = preview.contacts.filter((c) => !duplicateRows.has(c.row)).length;
  const updateCount = preview.duplicates.filter((d) => choiceFor(d.row) === 'update').length;
  const errors = preview.problems.filter((p) => p.severity === 'error');
  const names = new Map(
    preview.contacts.map((c) => [c.row, [c.givenName, c.familyName].filter(Boolean).join(' ')]),
  );
  const added = preview.contacts.filter((c) => !duplicateRows.has(c.row));

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h3">
          {t('Check before importing')}
        </Title>
        <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('{{file}}, read as {{format}}. Nothing is saved until you import.', {
            file: fileName,
            format: t(FORMAT_NAMES[preview.format]),
          })}
          {encoding !== 'utf-8' &&
            ` ${t('Its text was read as {{encoding}}.', { encoding: encodingName(encoding) })}`}
        </Text>
      </div>

      {preview.dateOrder && <DateOrderNote dateOrder={preview.dateOrder} onChange={onDateOrder} />}

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stat value={newCount} label={t('new contacts', { count: newCount })} />
        <Stat
          value={preview.duplicates.length}
          label={t('already in your book', { count: preview.duplicates.length })}
        />
        <Stat
          value={errors.length}
          label={t('left out', { count: errors.length })}
          color={errors.length ? 'red' : undefined}
        />
      </SimpleGrid>

      {added.length > 0 && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="import-added">
          <Title order={3} fz="h4" mb="xs" id="import-added">
            {t('Who will be added')}
          </Title>
          <List size="sm" spacing={2} data-testid="import-added-names">
            {added.slice(0, NAMED).map((contact) => (
              <List.Item key={contact.row} style={{ overflowWrap: 'anywhere' }}>
                {displayName(contact)}
              </List.Item>
            ))}
          </List>
          {added.length > NAMED && (
            <Text size="sm" c="dimmed" mt={4}>
              {t('and {{count, number}} more', { count: added.length - NAMED })}
            </Text>
          )}
        </Paper>
      )}

      {preview.duplicates.length > 0 && (
        <Paper withBorder radius="lg" p="md">
          <Group justify="space-between" align="flex-start" mb="xs" gap="xs">
            <div style={{ flex: '1 1 240px' }}>
              <Title order={3} fz="h4">
                {t('Already in your book')}
              </Title>
              <Text size="sm" c="dimmed">
                {t(
                  'These have the email or phone number of a contact you have. Skip them, or update your contact with the file’s details (labels and extra details are added).',
                )}
              </Text>
            </div>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => onChoiceForAll('skip')}>
                {t('Skip all')}
              </Button>
              <Button size="xs" variant="default" onClick={() => onChoiceForAll('update')}>
                {t('Update all')}
              </Button>
            </Group>
          </Group>
          <Stack gap="xs">
            {preview.duplicates.slice(0, LISTED).map((duplicate) => (
              <Group key={duplicate.row} justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" style={{ flex: '1 1 220px', overflowWrap: 'anywhere' }}>
                  {t('{{name}} (row {{row}}) matches {{match}} by {{reason}}', {
                    name: names.get(duplicate.row),
                    row: duplicate.row,
                    match: duplicate.name,
                    reason: duplicate.reason === 'email' ? t('email') : t('phone number'),
                  })}
                </Text>
                <SegmentedControl
                  size="xs"
                  aria-label={t('What to do with {{name}}', { name: names.get(duplicate.row) })}
                  value={choiceFor(duplicate.row)}
                  onChange={(value) => onChoice(duplicate.row, value as DuplicateChoice)}
                  data={[
                    { value: 'skip', label: t('Skip') },
                    { value: 'update', label: t('Update') },
                  ]}
                />
              </Group>
            ))}
            {preview.duplicates.length > LISTED && (
              <Text size="sm" c="dimmed">
                {t('{{count, number}} more follow Skip all or Update all.', {
                  count: preview.duplicates.length - LISTED,
                })}
              </Text>
            )}
          </Stack>
        </Paper>
      )}

      {preview.problems.length > 0 && (
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="h4" mb="xs">
            {t('Rows with problems')}
          </Title>
          <Stack gap="xs">
            {preview.problems.slice(0, LISTED).map((problem, i) => (
              <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                <Badge
                  color={problem.severity === 'error' ? 'red' : 'orange'}
                  className={problem.severity === 'error' ? undefined : classes.warning}
                  variant="light"
                  style={{ flexShrink: 0 }}
                >
                  {problem.severity === 'error' ? t('Left out') : t('Imported')}
                </Badge>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('Row {{row}}', { row: problem.row })}
                  {problem.name ? ` · ${problem.name}` : ''}: {t(problem.message)}
                </Text>
              </Group>
            ))}
            {preview.problems.length > LISTED && (
              <Text size="sm" c="dimmed">
                {t('and {{count, number}} more', { count: preview.problems.length - LISTED })}
              </Text>
            )}
          </Stack>
        </Paper>
      )}

      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button onClick={onImport} disabled={newCount + updateCount === 0}>
          {updateCount > 0
            ? t('Import {{created}} and update {{updated}}', {
                created: formatCount(newCount),
                updated: formatCount(updateCount),
              })
            : t('Import {{count, number}} contacts', { count: newCount })}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The name a new contact will show in the list: the file's display name when it gave one,
 * else the name's parts (a nameless card's stand-in, such as its email, included).
 */
function displayName(contact: Preview['contacts'][number]): string {
  return (
    contact.formattedName ||
    [contact.honorificPrefixes, contact.givenName, contact.familyName, contact.honorificSuffixes]
      .filter(Boolean)
      .join(' ')
  );
}

function Stat({ value, label, color }: { value: number; label: string; color?: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text fz={28} fw={700} lh={1.1} c={color}>
        {formatCount(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

/**
 * How the file's a/b/yyyy birthdays are read (nothing is guessed silently). When the column
 * cannot tell, the person is asked, and the file is read again with their answer.
 */
function DateOrderNote({
  dateOrder,
  onChange,
}: {
  dateOrder: NonNullable<Preview['dateOrder']>;
  onChange: (order: 'day-first' | 'month-first') => void;
}) {
  const { t } = useTranslation();
  if (!dateOrder.ambiguous) {
    return (
      <Text size="sm">
        {dateOrder.order === 'day-first'
          ? t('Birthdays are read day first, as the file writes them (23/6/1974 is 23 June).')
          : t('Birthdays are read month first, as the file writes them (6/23/1974 is 23 June).')}
      </Text>
    );
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" fw={600} id="date-order-question" mb="xs">
        {t('In this file, is 4/6/1980 the 4th of June or April 6th?')}
      </Text>
      <SegmentedControl
        aria-labelledby="date-order-question"
        value={dateOrder.order}
        onChange={(value) => onChange(value as 'day-first' | 'month-first')}
        data={[
          { value: 'day-first', label: t('Day first (4 June)') },
          { value: 'month-first', label: t('Month first (April 6)') },
        ]}
      />
    </Paper>
  );
}
