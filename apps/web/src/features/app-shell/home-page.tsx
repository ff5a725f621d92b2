import { Stack, Text, Title } from '@mantine/core';
import { useRouteContext } from '@tanstack/react-router';

/** The signed-in start page until the contacts list takes its place. */
export function HomePage() {
  const { session } = useRouteContext({ from: '__root__' });
  return (
    <Stack gap="xs">
      <Title order={1}>Contacts</Title>
      <Text c="dimmed">Signed in as {session?.email}.</Text>
    </Stack>
  );
}
