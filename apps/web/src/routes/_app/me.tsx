import { Center, Stack, Text, Title } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';

/** /me (SPEC §2): the profile page currently reads 'Profile Coming Soon'. */
export const Route = createFileRoute('/_app/me')({
  head: () => ({ meta: [{ title: 'Profile · Kith' }] }),
  component: () => (
    <Center py={80}>
      <Stack align="center" gap="xs">
        <IconUserCircle size={56} stroke={1.2} aria-hidden />
        <Title order={1}>Profile Coming Soon</Title>
        <Text c="dimmed">Editing your name, photo and password will live here.</Text>
      </Stack>
    </Center>
  ),
});
