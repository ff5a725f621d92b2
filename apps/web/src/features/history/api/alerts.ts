import { trpc } from '../../../lib/trpc';
import { useRefreshContactLists } from '../../../lib/contact-lists';

/**
 * Safety rails for sync (docs/history.md#safety-rails-for-sync): the open alerts, read again
 * every minute while the page is open (a phone may be syncing now), "Undo these changes" and
 * "Keep them". Each answer reads the alerts again; an undo reads every contact list too.
 */

/** How often the open alerts are read again while a page is open, in ms. */
const ALERTS_REFRESH_MS = 60_000;

/** The open alerts: `{id, appPasswordName, since, until, contactsChanged}`, newest first. */
export function useSyncAlerts() {
  return trpc.history.alerts.useQuery(undefined, { refetchInterval: ALERTS_REFRESH_MS });
}

/** Puts back the contacts the alert's app password changed; answers `{restored}`. */
export function useUndoSyncAlert() {
  const utils = trpc.useUtils();
  const refresh = useRefreshContactLists();
  return trpc.history.undoAlert.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.history.invalidate(), refresh()]);
    },
    // Undone or gone already (another tab, another device): the notices are read again.
    onError: () => utils.history.alerts.invalidate(),
  });
}

/** "Keep them": the notice goes, the changes stay. */
export function useDismissSyncAlert() {
  const utils = trpc.useUtils();
  return trpc.history.dismissAlert.useMutation({
    onSettled: () => utils.history.alerts.invalidate(),
  });
}
