import { Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconStarFilled } from '@tabler/icons-react';
import { InitialsAvatar } from '../../components/initials-avatar';

const sample = [
  { name: 'Amara Okafor', detail: 'amara@example.com', favorite: true },
  { name: 'Lucas Moreau', detail: '+33 6 12 34 56 78', favorite: false },
  { name: 'Mei Tanaka', detail: 'Designer · Studio Kumo', favorite: true },
  { name: 'Jonas Berg', detail: 'jonas.berg@example.org', favorite: false },
];

/** A drawn preview of the contacts list for the landing hero (no screenshot image to fetch). */
export function ContactCardsPreview({ compact = false }: { compact?: boolean }) {
  return (
    <Paper
      shadow="md"
      radius="lg"
      p="md"
      withBorder
      aria-label="Preview of a contacts list"
      role="img"
      style={{ alignSelf: 'center' }}
    >
      <Stack gap="sm">
        <TextInput
          readOnly
          tabIndex={-1}
          aria-hidden
          value="Search contacts"
          leftSection={<IconSearch size={16} />}
          styles={{ input: { color: 'var(--mantine-color-dimmed)' } }}
        />
        {(compact ? sample.slice(0, 3) : sample).map((person) => (
          <Group key={person.name} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <InitialsAvatar name={person.name} size={36} />
              <div>
                <Text fw={600} size="sm">
                  {person.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {person.detail}
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
