import { runRetention, type ApiDependencies } from '@kith/api';
import type { FastifyBaseLogger } from 'fastify';

/** How often the retention job runs, in ms. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;
/** The first run waits this long after start, in ms, so start-up stays quick. */
const FIRST_RUN_DELAY_MS = 30_000;

/**
 * Runs the retention job (trash older than 30 days, unattached uploads older than 24 h,
 * deleted accounts)
 * hourly. Every instance schedules it; the job's advisory lock lets one work at a time.
 * Returns a function that stops the schedule.
 */
export function startRetentionSchedule(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'now'>,
  log: FastifyBaseLogger,
): () => void {
  const run = async () => {
    try {
      const result = await runRetention(deps, deps.now());
      if (result.ran && (result.contactsDeleted || result.imagesDeleted || result.accountsPurged)) {
        log.info(result, 'retention: deleted expired trash, stale uploads and deleted accounts');
      }
    } catch (error) {
      log.error({ err: error }, 'retention job failed; it will run again');
    }
  };
  const first = setTimeout(run, FIRST_RUN_DELAY_MS);
  const every = setInterval(run, RETENTION_INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
