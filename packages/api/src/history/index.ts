/** What other domains use of history/: forgetting versions past their 30 days (retention). */
export { forgetVersionsBefore } from './writes';
export { HISTORY_MS } from './messages';
