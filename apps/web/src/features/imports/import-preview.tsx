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
import type { NamedContact, Preview } from './api';
import { encodingName } from './decode-file';
import classes from './import-preview.module.css';

export type DuplicateChoice = 'skip' | 'update';

/**
 * How many contacts the import will update: every duplicate when the choice for all is
 * "update", but those the person set to skip one by one (among the listed), else only those
 * set to update.
 */
export function updateCount(
  preview: Preview,
  choiceForAll: DuplicateChoice,
  choices: Map<number, DuplicateChoice>,
): number {
  const overridden = [...choices.values()];
  return choiceForAll === 'update'
    ? preview.counts.duplicates - overridden.filter((c) => c === 'skip').length
    : overridden.filter((c) => c === 'update').length;
}

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
  encoding,
  preview,
  updates,
  choiceFor,
  onChoice,
  onChoiceForAll,
  onCancel,
  onDateOrder,
  onImport,
  busy,
}: {
  /** The encoding the file was read in (WHATWG name); said when it is not UTF-8. */
  encoding: string;
  preview: Preview;
  /** How many duplicates will update their contact (`updateCount`). */
  updates: number;
  choiceFor: (row: number) => DuplicateChoice;
  onChoice: (row: number, choice: DuplicateChoice) => void;
  onChoiceForAll: (choice: DuplicateChoice) => void;
  onCancel: () => void;
  /** Reads the file again with its birthdays day first or month first. */
  onDateOrder: (order: 'day-first' | 'month-first') => void;
  onImport: () => void;
  /** The file is being read again, or the import is starting. */
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { counts } = preview;
  const newCount = counts.new;
  const updateCount = updates;
  const name = (c: NamedContact) => [c.givenName, c.familyName].filter(Boolean).join(' ');
  const problemCount = counts.errors + counts.warnings;

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h3">
          {t('Check before importing')}
        </Title>
        <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('{{file}}, read as {{format}}. Nothing is saved until you import.', {
            file: preview.fileName,
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
          value={counts.duplicates}
          label={t('already in your book', { count: counts.duplicates })}
        />
        <Stat
          value={counts.errors}
          label={t('left out', { count: counts.errors })}
          color={counts.errors ? 'red' : undefined}
        />
      </SimpleGrid>

      {preview.added.length > 0 && (
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="import-added">
          <Title order={3} fz="h4" mb="xs" id="import-added">
            {t('Who will be added')}
          </Title>
          <List size="sm" spacing={2} data-testid="import-added-names">
            {preview.added.slice(0, NAMED).map((contact) => (
              <List.Item key={contact.row} style={{ overflowWrap: 'anywhere' }}>
                {displayName(contact)}
              </List.Item>
            ))}
          </List>
          {newCount > NAMED && (
            <Text size="sm" c="dimmed" mt={4}>
              {t('and {{count, number}} more', { count: newCount - NAMED })}
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
            {preview.duplicates.map((duplicate) => (
              <Group key={duplicate.row} justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" style={{ flex: '1 1 220px', overflowWrap: 'anywhere' }}>
                  {t('{{name}} (row {{row}}) matches {{match}} by {{reason}}', {
                    name: name(duplicate.contact),
                    row: duplicate.row,
                    match: duplicate.name,
                    reason: duplicate.reason === 'email' ? t('email') : t('phone number'),
                  })}
                </Text>
                <SegmentedControl
                  size="xs"
                  aria-label={t('What to do with {{name}}', { name: name(duplicate.contact) })}
                  value={choiceFor(duplicate.row)}
                  onChange={(value) => onChoice(duplicate.row, value as DuplicateChoice)}
                  data={[
                    { value: 'skip', label: t('Skip') },
                    { value: 'update', label: t('Update') },
                  ]}
                />
              </Group>
            ))}
            {counts.duplicates > preview.duplicates.length && (
              <Text size="sm" c="dimmed">
                {t('{{count, number}} more follow Skip all or Update all.', {
                  count: counts.duplicates - preview.duplicates.length,
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
            {preview.problems.map((problem, i) => (
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
            {problemCount > preview.problems.length && (
              <Text size="sm" c="dimmed">
                {t('and {{count, number}} more', { count: problemCount - preview.problems.length })}
              </Text>
            )}
          </Stack>
        </Paper>
      )}

      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button onClick={onImport} disabled={newCount + updateCount === 0} loading={busy}>
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
function displayName(contact: NamedContact): string {
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
