/** How long the history keeps a version, in ms: 30 days (docs/history.md#retention). */
export const HISTORY_MS = 30 * 24 * 60 * 60_000;

/** The most versions of one contact its History lists, newest first. */
export const CONTACT_HISTORY_LIMIT = 100;

export const MOMENT_IN_FUTURE = 'That moment is still to come. Choose a moment in the past.';
export const MOMENT_TOO_OLD =
  'Kith keeps changes for 30 days. Choose a moment within the last 30 days.';
export const VERSION_NOT_FOUND =
  'This version is no longer kept. Open the History again to see the versions there are.';
