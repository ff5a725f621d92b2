import type { ApiDependencies } from '../trpc/context';
import type { BackgroundJob } from './queue';
import { sendDueReminders } from '../reminders';
import { runRetention } from './retention';
import { runSyncAlerts } from '../history';
import { IMPORT_JOB, runImportJob } from '../imports';

/** What the background jobs need of the server: database, images, mail, keys, clock. */
export type JobDependencies = Pick<
  ApiDependencies,
  'db' | 'dbKind' | 'images' | 'now' | 'mailer' | 'keys' | 'publicUrl' | 'fetchPhoto'
>;

/**
 * Kith's scheduled work, for `startJobQueue`: `retention` every hour (trash after 30 days, stale
 * uploads, import backups, CardDAV tombstones, deleted accounts; docs/product/limits.md#retention)
 * `reminders` every 15 minutes (the reminder mails due at each account's time of day; a mail
 * server that refuses is tried again by the queue), and `sync-alerts` every minute (a burst of
 * deletes or rewrites by one app password, told once; docs/history.md#safety-rails-for-sync),
 * and `import` whenever a person starts an import (`imports.start`: the staged file written
 * through `importBatch`; docs/decisions/0020-imports-staged-and-run-as-jobs.md). `log` hears
 * what a run did.
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
    {
      name: IMPORT_JOB,
      // A job cut off (its server stopped) is handed out again and starts over; one that
      // fails takes its writes back itself and is not retried.
      retryLimit: 2,
      retryDelaySeconds: 5,
      // 100 MB of cards with photos on the embedded database takes minutes, not an hour.
      expireInSeconds: 60 * 60,
      pollingIntervalSeconds: 2,
      async run(data) {
        const { importId } = data as { importId: string };
        await runImportJob(deps, importId);
        log('import: wrote a staged file', { importId });
      },
    },
  ];
}
