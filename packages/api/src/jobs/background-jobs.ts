import type { ApiDependencies } from '../trpc/context';
import type { BackgroundJob } from './queue';
import { runRetention } from './retention';

/** What the background jobs need of the server: the database, the images and the clock. */
export type JobDependencies = Pick<ApiDependencies, 'db' | 'images' | 'now'>;

/**
 * Kith's scheduled work, for `startJobQueue`: `retention` every hour (trash after 30 days,
 * stale uploads, import backups, CardDAV tombstones, deleted accounts; SPEC §9). `log` hears
 * what a run changed.
 */
export function backgroundJobs(
  deps: JobDependencies,
  log: (message: string, details: object) => void,
): BackgroundJob[] {
  return [
    {
      name: 'retention',
      cron: '0 * * * *',
      async run() {
        const result = await runRetention(deps, deps.now());
        if (result.contactsDeleted || result.imagesDeleted || result.accountsPurged) {
          log('retention: deleted expired trash, stale uploads and deleted accounts', result);
        }
      },
    },
  ];
}
