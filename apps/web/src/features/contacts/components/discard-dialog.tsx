import { ConfirmDialog } from './confirm-dialog';

/** SPEC §2: the 'Discard Changes' dialog of the create and edit screens (Cancel / Discard). */
export function DiscardDialog({
  opened,
  onClose,
  onDiscard,
}: {
  opened: boolean;
  onClose: () => void;
  onDiscard: () => void;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Discard Changes"
      text="You have unsaved changes. Discard them?"
      confirmLabel="Discard"
      onConfirm={onDiscard}
    />
  );
}
