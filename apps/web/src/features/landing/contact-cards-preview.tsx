import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconSearch, IconStarFilled } from '@tabler/icons-react';
import { InitialsAvatar } from '../../components/initials-avatar';
import classes from './landing-page.module.css';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../lib/i18n';

const sample = [
  { name: 'Amara Okafor', detail: i18nKey('amara@example.com'), favorite: true },
  { name: 'Lucas Moreau', detail: i18nKey('+33 6 12 34 56 78'), favorite: false },
  { name: 'Mei Tanaka', detail: i18nKey('Designer · Studio Kumo'), favorite: true },
  { name: 'Jonas Berg', detail: i18nKey('jonas.berg@example.org'), favorite: false },
];

/** A drawn preview of the contacts list for the landing hero (no screenshot image to fetch). */
export function ContactCardsPreview({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper
      shadow="md"
      radius="lg"
      p="md"
      withBorder
      aria-label={t('Preview of a contacts list')}
      role="img"
      style={{ alignSelf: 'center' }}
    >
      <Stack gap="sm">
        <Group gap={8} px="sm" py={7} className={classes.fakeSearch} aria-hidden>
          <IconSearch size={16} />
          <Text size="sm" c="dimmed">
            {t('Search contacts')}
          </Text>
        </Group>
        {(compact ? sample.slice(0, 3) : sample).map((person) => (
          <Group key={person.name} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <InitialsAvatar name={person.name} size={36} decorative />
              <div>
                <Text fw={600} size="sm">
                  {person.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(person.detail)}
                </Text>
              </div>
            </Group>
            {person.favorite && <IconStarFilled size={16} color="var(--mantine-color-yellow-6)" />}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
