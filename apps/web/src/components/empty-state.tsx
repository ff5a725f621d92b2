import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The empty state of a list (docs/product/screens.md#contacts-list): a title, a line, and a
 * button to /new; catalogue keys.
 */
export function EmptyState({
  icon: IconComponent,
  title,
  text,
  action,
}: {
  icon: Icon;
  title: string;
  text: string;
  action: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py={64} ta="center">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconComponent size={34} stroke={1.4} />
      </ThemeIcon>
      <Title order={2} fz="h3">
        {t(title)}
      </Title>
      <Text c="dimmed" maw={360}>
        {t(text)}
      </Text>
      <Button component={Link} to="/new" mt="xs">
        {t(action)}
      </Button>
    </Stack>
  );
}
