import type { ApiDependencies } from '../trpc/context';
import type { BackgroundJob } from './queue';
import { sendDueReminders } from '../reminders';
import { runRetention } from './retention';
import { runSyncAlerts } from '../history';

/** What the background jobs need of the server: database, images, mail, keys, clock. */
export type JobDependencies = Pick<
  ApiDependencies,
  'db' | 'images' | 'now' | 'mailer' | 'keys' | 'publicUrl'
>;

/**
 * Kith's scheduled work, for `startJobQueue`: `retention` every hour (trash after 30 days, stale
 * uploads, import backups, CardDAV tombstones, deleted accounts; docs/product/limits.md#retention)
 * `reminders` every 15 minutes (the reminder mails due at each account's time of day; a mail
 * server that refuses is tried again by the queue), and `sync-alerts` every minute (a burst of
 * deletes or rewrites by one app password, told once; docs/history.md#safety-rails-for-sync).
 * `log` hears what a run did.
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
    {
      name: 'reminders',
      cron: '*/15 * * * *',
      retryDelaySeconds: 120,
      async run() {
        const result = await sendDueReminders(deps, deps.now());
        if (result.mails) log('reminders: sent the reminder mails due', result);
      },
    },
    {
      name: 'sync-alerts',
      cron: '* * * * *',
      retryDelaySeconds: 30,
      async run() {
        const result = await runSyncAlerts(deps, deps.now());
        if (result.created || result.mails)
          log('sync-alerts: told of bursts of sync changes', result);
      },
    },
  ];
}
