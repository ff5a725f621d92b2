import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { withProgress } from '../../lib/notify';
import { useRecoverContact } from './api';

/**
 * A trashed contact's page says so and offers Recover; its other controls are
 * disabled until then.
 */
export function InTrashNotice({ id }: { id: string }) {
  const { t } = useTranslation();
  const recover = useRecoverContact();
  return (
    <Alert color="yellow" variant="light" mb="md" icon={<IconTrash size={20} />} role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('This contact is in the Trash.')}</Text>
        <Button
          size="xs"
          variant="white"
          leftSection={<IconRestore size={14} />}
          loading={recover.isPending}
          onClick={() =>
            void withProgress(
              () => recover.mutateAsync({ id }),
              () => t('Contact recovered'),
              'recover',
            )
          }
        >
          {t('Recover')}
        </Button>
      </Group>
    </Alert>
  );
}
