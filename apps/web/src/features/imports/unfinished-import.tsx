import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNFINISHED_IMPORT_KEY, useUndoImport } from './api';

/**
 * An import that stopped half done in an earlier visit (the tab was closed, the browser or the
 * network died): the person can undo what it wrote, or keep it.
 */
export function UnfinishedImport() {
  const { t } = useTranslation();
  const [importId, setImportId] = useState(() => localStorage.getItem(UNFINISHED_IMPORT_KEY));
  const { undoImport, undoing } = useUndoImport();
  if (!importId) return null;

  const forget = () => {
    localStorage.removeItem(UNFINISHED_IMPORT_KEY);
    setImportId(null);
  };
  const undoIt = async () => {
    if (await undoImport(importId)) forget();
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
        <Button size="xs" variant="default" onClick={forget} disabled={undoing}>
          {t('Keep what came in')}
        </Button>
      </Group>
    </Alert>
  );
}
