import { ActionIcon, Button, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

/** The top of the create and edit screens: back arrow, title, Save. */
export function FormPageHeader({
  title,
  onBack,
  saving,
}: {
  title: string;
  onBack: () => void;
  saving: boolean;
}) {
  return (
    <Group justify="space-between" mb="lg" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={onBack} aria-label="Back">
          <IconArrowLeft size={22} />
        </ActionIcon>
        <Title order={1} fz="h2">
          {title}
        </Title>
      </Group>
      <Button type="submit" loading={saving}>
        Save
      </Button>
    </Group>
  );
}
