import { runSyncAlerts } from '../history';
import type { JobDependencies } from './background-jobs';

/**
 * How long after a CardDAV write the sync alerts are looked for, in ms: long enough that a
 * phone's burst of deletes is seen as one, short enough that the notice shows while the person
 * still holds the phone.
 */
export const SYNC_ALERTS_DELAY_MS = 5_000;

/**
 * Looks for sync alerts a few seconds after CardDAV writes (docs/history.md#safety-rails-for-sync),
 * besides the job each minute: `nudge()` after every write; one run follows the first nudge by
 * SYNC_ALERTS_DELAY_MS, and nudges meanwhile join it. The run is the job's own, safe beside
 * other instances' (an advisory lock), and its failure is only logged: the minute's job follows.
 *
 * @returns `nudge`, and `stop` to cancel a run not yet started (at shutdown).
 */
export function syncAlertsSoon(
  deps: JobDependencies,
  log: (error: unknown) => void,
): { nudge: () => void; stop: () => void } {
  let timer: NodeJS.Timeout | null = null;
  return {
    nudge() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        runSyncAlerts(deps, deps.now()).catch(log);
      }, SYNC_ALERTS_DELAY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
