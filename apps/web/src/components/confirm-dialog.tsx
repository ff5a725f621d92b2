import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../lib/use-focus-return';

/**
 * A yes/no dialog with the screens' own wording (docs/product/screens.md); focus is trapped
 * inside and returns on close. Focus starts on Cancel, so Enter or Space pressed by habit never
 * confirms a destructive step.
 */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
  busy,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  useFocusReturn(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm" returnFocus>
      <Text mb="lg">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('Cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
