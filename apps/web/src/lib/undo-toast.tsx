import type { TOptions } from 'i18next';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';
import { errorMessage } from './notify';

/** How long an undoable toast stays, in ms: longer than a plain one, to leave time to reach it. */
export const UNDO_TOAST_MS = 10_000;

/**
 * A success toast with an "Undo" button ("12 add to trash · Undo"), as a
 * person used to Google Contacts expects after trash, merge, label and bulk changes
 * (docs/product/messages.md#success-and-progress-toasts). `message` is a catalogue key,
 * translated with `values`. A click on Undo closes the toast, runs `undo` once (a second
 * click cannot reach it) and then shows 'Undone', or the error the undo met.
 */
export function notifyUndoable(
  message: string,
  undo: () => Promise<unknown>,
  values?: TOptions,
): void {
  const id = `undo-${Math.random().toString(36).slice(2)}`;
  let started = false;
  const onUndo = async () => {
    if (started) return;
    started = true;
    notifications.hide(id);
    try {
      await undo();
      notifications.show({ color: 'teal', message: i18n.t('Undone') });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  notifications.show({
    id,
    color: 'teal',
    autoClose: UNDO_TOAST_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{i18n.t(message, values ?? {})}</Text>
        {/* A long message wraps; the button never shrinks (it showed "Un" beside one). */}
        <Button
          size="compact-sm"
          variant="subtle"
          style={{ flexShrink: 0 }}
          onClick={() => void onUndo()}
        >
          {i18n.t('Undo')}
        </Button>
      </Group>
    ),
  });
}
