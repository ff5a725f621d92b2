/**
 * What Merge & fix answers a person when it cannot do what was asked
 * (docs/product/screens.md#merge--fix-screen). The web app's catalogue holds each one
 * (apps/web/src/features/merge/server-messages.ts).
 */

/** A contact of the group is not the person's, or is in the Trash. */
export const MERGE_NOT_FOUND = 'One of these contacts is gone. Refresh the page and try again.';

/** The undo's token is unknown, someone else's, used, or older than `MERGE_UNDO_MS`. */
export const MERGE_UNDO_EXPIRED = 'This merge can no longer be undone.';

/** A contact of the merge was edited, recovered or deleted since. */
export const MERGE_UNDO_CHANGED =
  'These contacts changed after the merge, so it cannot be undone. Edit them instead.';

/** How long a merge can be undone, in ms. */
export const MERGE_UNDO_MS = 10 * 60_000;

/** What the history names a merge's and its undo's writes (docs/history.md#sources). */
export const MERGE = { via: 'merge' } as const;
