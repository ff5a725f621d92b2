import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUndoImport, type ImportStatus } from './api';

/**
 * An import whose job stopped before its end and could not take back what it wrote
 * (`imports.current` answers it `failed` with what came in): the person can undo what it
 * wrote, or keep it.
 */
export function UnfinishedImport({
  status,
  onUndone,
}: {
  status: ImportStatus;
  onUndone: () => void;
}) {
  const { t } = useTranslation();
  const [kept, setKept] = useState(false);
  const { undoImport, undoing } = useUndoImport();
  if (kept) return null;

  const undoIt = async () => {
    if (await undoImport(status.importId)) onUndone();
  };

  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={t('An import did not finish')}
    >
      <Text size="sm" mb="sm">
        {t(
          'An earlier import stopped before its end. Undo what it wrote, so your contacts are as they were before it, or keep what came in.',
        )}
      </Text>
      <Group gap="xs">
        <Button size="xs" color="orange.9" onClick={undoIt} loading={undoing}>
          {t('Undo that import')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setKept(true)} disabled={undoing}>
          {t('Keep what came in')}
        </Button>
      </Group>
    </Alert>
  );
}
