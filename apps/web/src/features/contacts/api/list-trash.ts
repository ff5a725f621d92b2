import type { BulkContactsInput } from '@kith/validators';
import { useRefreshContactLists } from '../../../lib/contact-lists';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { notifyUndoable } from '../../../lib/undo-toast';

/** The most ids one call takes (`contactIdsInput`); a longer undo goes in several calls. */
const IDS_PER_CALL = 10_000;

/**
 * Moves contacts to the trash from a list and says so with an Undo that brings exactly those
 * back (docs/product/messages.md#success-and-progress-toasts): "12 add to trash · Undo".
 * `trash(chosen)` answers true when they moved, false (after an error toast)
 * when they did not; `isPending` while the call runs.
 */
export function useTrashWithUndo() {
  const { t } = useTranslation();
  const refresh = useRefreshContactLists();
  const addMany = trpc.trash.addMany.useMutation({ onSuccess: () => refresh() });
  const recoverMany = trpc.trash.recoverMany.useMutation({ onSuccess: () => refresh() });
  const trash = async (chosen: BulkContactsInput): Promise<boolean> => {
    try {
      const { ids } = await addMany.mutateAsync(chosen);
      // Translated here, where the catalogue sees the count and keeps its plural forms; the
      // toast shows a text that is no key as it is.
      const message = t('{{count}} add to trash', { count: ids.length });
      notifyUndoable(message, async () => {
        for (let at = 0; at < ids.length; at += IDS_PER_CALL) {
          await recoverMany.mutateAsync({ contactIds: ids.slice(at, at + IDS_PER_CALL) });
        }
      });
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };
  return { trash, isPending: addMany.isPending };
}
