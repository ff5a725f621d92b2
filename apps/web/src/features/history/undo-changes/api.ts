import { skipToken } from '@tanstack/react-query';
import { useRefreshContactLists } from '../../../lib/contact-lists';
import { trpc } from '../../../lib/trpc';

/**
 * "Undo changes" calls (router `history`, docs/history.md#undo-changes): what undoing the
 * changes since a moment would do, and doing it, after which every list is read again.
 */

/**
 * What undoing every change after `at` would do, counted; nothing is asked while `at` is null
 * (no moment chosen yet). Always read afresh: another device may have written since.
 */
export function usePreviewUndo(at: Date | null) {
  return trpc.history.previewUndo.useQuery(at ? { at } : skipToken, { staleTime: 0 });
}

/**
 * Puts the whole book back as it was at `at`; answers the counts and `restoredAt`, the moment
 * the restore was recorded. Before it resolves, every cached list (contacts, favourites,
 * labels, the Trash, search, keep in touch) and every History is read again.
 */
export function useUndoChanges() {
  const utils = trpc.useUtils();
  const refreshLists = useRefreshContactLists();
  return trpc.history.undoChanges.useMutation({
    onSuccess: async () => {
      await Promise.all([
        refreshLists(),
        utils.keepInTouch.invalidate(),
        utils.history.invalidate(),
      ]);
    },
  });
}

/**
 * The moment to undo changes from to undo a restore recorded at `restoredAt`: just before it,
 * so the restore's own changes are the ones undone (the history undoes what was recorded
 * after the moment given).
 */
export function momentBeforeRestore(restoredAt: Date): Date {
  return new Date(restoredAt.getTime() - 1);
}
