import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactAvatar } from '../../components/contact-avatar';
import { contactName, shownName } from '../../lib/contact-name';
import { formatPhone } from '../../lib/phone';
import type { MergeResult } from './merge-result';
import { addressLine, birthdayText, workText } from './values';

/**
 * "After the merge": the contact a merge will make, before Merge is pressed — its photo,
 * name, every email, phone and address (the preferred first), work and birthday — and that
 * the other contacts go to the Trash with their other details kept on this one
 * (docs/product/screens.md#merge--fix-screen).
 */
export function MergePreview({ result }: { result: MergeResult }) {
  const { t } = useTranslation();
  const name = shownName(contactName(result.name), t);
  const work = workText(result.org);
  const birthday = birthdayText(result.birthday.birthday);
  return (
    <Paper
      role="group"
      aria-label={t('After the merge')}
      bg="var(--mantine-color-default-hover)"
      radius="md"
      p="sm"
      mt="sm"
    >
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={6}>
        {t('After the merge')}
      </Text>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {/* The photo keeps its size beside long lines on a phone. */}
        <Box style={{ flexShrink: 0 }}>
          <ContactAvatar name={name} url={result.photo.photo?.url ?? ''} size={48} />
        </Box>
        <Stack gap={4} miw={0}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600}>{name}</Text>
            {result.isFavorite && (
              <IconStarFilled
                size={14}
                aria-label={t('Favorite')}
                color="var(--mantine-color-yellow-5)"
              />
            )}
          </Group>
          <Line label={t('Email')} values={result.emails.map((e) => e.value)} />
          <Line label={t('Phone')} values={result.phones.map((p) => formatPhone(p.value))} />
          <Line label={t('Work')} values={work ? [work] : []} />
          <Line label={t('Address')} values={result.addresses.map(addressLine).filter(Boolean)} />
          <Line label={t('Birthday')} values={birthday ? [birthday] : []} />
          <Text size="sm" c="dimmed">
            {t(
              'The other {{count}} contacts go to the Trash. Their notes, links, dates and labels are kept on this contact.',
              { count: result.copies.length },
            )}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** One field of the preview: its label and values, or nothing when it has none. */
function Line({ label, values }: { label: string; values: string[] }): ReactNode {
  if (values.length === 0) return null;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {values.join(' · ')}
    </Text>
  );
}
