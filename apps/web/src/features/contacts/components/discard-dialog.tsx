import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTranslation } from 'react-i18next';

/**
 * The 'Discard Changes' dialog of the create and edit screens, Cancel / Discard
 * (docs/product/screens.md#create-contact-screen).
 */
export function DiscardDialog({
  opened,
  onClose,
  onDiscard,
}: {
  opened: boolean;
  onClose: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title={t('Discard Changes')}
      text={t('You have unsaved changes. Discard them?')}
      confirmLabel={t('Discard')}
      onConfirm={onDiscard}
    />
  );
}
