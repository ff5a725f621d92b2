import { ActionIcon, Button, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb="lg" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={onBack} aria-label={t('Back')}>
          <IconArrowLeft size={22} />
        </ActionIcon>
        <Title order={1} fz="h2">
          {title}
        </Title>
      </Group>
      {/* Its word whole in every language: the title wraps instead ("Guardar", not "Guarda"). */}
      <Button type="submit" loading={saving} style={{ flexShrink: 0 }}>
        {t('Save')}
      </Button>
    </Group>
  );
}
