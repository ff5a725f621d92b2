import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { useRefreshContactLists } from '../../../lib/contact-lists';

/**
 * Safety rails for sync (docs/history.md#safety-rails-for-sync): the open alerts, read again
 * every minute while the page is open (a phone may be syncing now), "Undo these changes" and
 * "Keep them". Each answer reads the alerts again; an undo reads every contact list too.
 *
 * Their toasts are shown here, not by the notice: reading the alerts again removes the notice,
 * and a callback given to `mutate` does not run once its component is gone, so the
 * confirmation was lost whenever the notice went first.
 */

/** How often the open alerts are read again while a page is open, in ms. */
const ALERTS_REFRESH_MS = 60_000;

/** The open alerts: `{id, appPasswordName, since, until, contactsChanged}`, newest first. */
export function useSyncAlerts() {
  return trpc.history.alerts.useQuery(undefined, { refetchInterval: ALERTS_REFRESH_MS });
}

/**
 * Puts back the contacts the alert's app password changed; answers `{restored}` and says so
 * ("4 contacts put back as they were"), or shows the refusal.
 */
export function useUndoSyncAlert() {
  const utils = trpc.useUtils();
  const refresh = useRefreshContactLists();
  return trpc.history.undoAlert.useMutation({
    onSuccess: async ({ restored }) => {
      notifySuccess('{{count, number}} contacts put back as they were', { count: restored });
      await Promise.all([utils.history.invalidate(), refresh()]);
    },
    // Undone or gone already (another tab, another device): the notices are read again.
    onError: (error) => {
      notifyError(error);
      return utils.history.alerts.invalidate();
    },
  });
}

/** "Keep them": the notice goes, the changes stay; a refusal is shown. */
export function useDismissSyncAlert() {
  const utils = trpc.useUtils();
  return trpc.history.dismissAlert.useMutation({
    onError: (error) => notifyError(error),
    onSettled: () => utils.history.alerts.invalidate(),
  });
}
