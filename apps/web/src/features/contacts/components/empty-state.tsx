import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Icon } from '@tabler/icons-react';

/** The empty state of a list (SPEC §2): a title, a line, and a button to /new. */
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
  return (
    <Stack align="center" gap="sm" py={64} ta="center">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconComponent size={34} stroke={1.4} />
      </ThemeIcon>
      <Title order={2} fz="h3">
        {title}
      </Title>
      <Text c="dimmed" maw={360}>
        {text}
      </Text>
      <Button component={Link} to="/new" mt="xs">
        {action}
      </Button>
    </Stack>
  );
}
