import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Kith mark and word. Drawn inline: no image request. */
export function Logo({ size = 28 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="var(--mantine-primary-color-filled)" />
        <circle cx="25" cy="26" r="9" fill="#fff" />
        <circle cx="42" cy="30" r="7" fill="#c5f6fa" />
        <path d="M9 52c2-10 9-15 16-15s14 5 16 15z" fill="#fff" />
        <path d="M36 52c1-7 4-11 9-12 6 1 9 5 10 12z" fill="#c5f6fa" />
      </svg>
      <Text component="span" fw={800} fz={size * 0.75} lh={1}>
        {t('Kith')}
      </Text>
    </Group>
  );
}
