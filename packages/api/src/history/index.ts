/**
 * What other domains use of history/: forgetting versions past their 30 days (retention), and
 * the sync alerts job (docs/history.md#safety-rails-for-sync).
 */
export { forgetVersionsBefore } from './writes';
export { HISTORY_MS } from './messages';
export { runSyncAlerts } from './alerts.service';
export type { SyncAlertsResult } from './alerts.service';
