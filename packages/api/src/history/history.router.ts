import { contactId } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure, rateLimited, signedInUser } from '../trpc/init';
import { dismissSyncAlert, openSyncAlerts, undoSyncAlert } from './alerts.service';
import { previewUndo, restoreVersion, undoChangesSince } from './restore.service';
import { contactHistory } from './versions.service';

/** A moment to undo changes from: an ISO 8601 date-time with its offset, or a Date. */
const momentInput = z.object({
  at: z.coerce.date({ error: 'Give the moment as a date and time.' }),
});

/** A sync alert, by its id. */
const alertInput = z.object({ alertId: z.uuid() });

/**
 * The history of the person's contacts and labels: a contact's History, "Restore this
 * version", and "Undo changes" for the whole book (docs/history.md).
 */
export const historyRouter = {
  /**
   * A contact's History: `{entries, truncated}`, its changes of the last 30 days newest first
   * (at most 100), each `{recordedAt, source, card, previous, versionId, previousVersionId}`.
   * NOT_FOUND when the contact is gone (deleted for good) or someone else's.
   */
  contact: protectedProcedure
    .input(z.object({ contactId }))
    .query(({ ctx, input }) => contactHistory(ctx, ctx.userId, input.contactId)),

  /**
   * "Restore this version": makes the contact what the version holds (labels, favourite,
   * photo and Trash included); answers nothing. The restore is itself in the History.
   * NOT_FOUND when the contact or the version is gone or someone else's.
   */
  restoreVersion: protectedProcedure
    .input(z.object({ contactId, versionId: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      await restoreVersion(ctx, ctx.userId, input.contactId, input.versionId);
    }),

  /**
   * What undoing every change after `at` would do: `{changed, recreated, removed, labels}`
   * counts. BAD_REQUEST when `at` is in the future or more than 30 days ago.
   */
  previewUndo: protectedProcedure
    .input(momentInput)
    .query(({ ctx, input }) => previewUndo(ctx, ctx.userId, input.at)),

  /**
   * "Undo changes": puts the whole book back as it was at `at` in one transaction, and
   * answers the counts of `previewUndo` with `restoredAt`, the moment the restore was written
   * (undoing the changes from just before it undoes the restore). BAD_REQUEST when `at` is in
   * the future or more than 30 days ago.
   */
  undoChanges: protectedProcedure
    .input(momentInput)
    .use(rateLimited('heavy', signedInUser))
    .mutation(({ ctx, input }) => undoChangesSince(ctx, ctx.userId, input.at)),

  /**
   * The open sync alerts (docs/history.md#safety-rails-for-sync): bursts in which one app
   * password deleted or rewrote many contacts, newest first, each `{id, appPasswordName,
   * since, until, contactsChanged}`; neither undone nor dismissed.
   */
  alerts: protectedProcedure.query(({ ctx }) => openSyncAlerts(ctx, ctx.userId)),

  /**
   * "Undo these changes": every contact the alert's app password deleted or rewrote in the
   * burst back as it was just before it, in one transaction recorded as a restore; answers
   * `{restored}`. NOT_FOUND for another account's alert, CONFLICT when already undone.
   */
  undoAlert: protectedProcedure
    .input(alertInput)
    .use(rateLimited('heavy', signedInUser))
    .mutation(({ ctx, input }) => undoSyncAlert(ctx, ctx.userId, input.alertId)),

  /** "Keep them": the alert's notice goes, the changes stay. NOT_FOUND for another's alert. */
  dismissAlert: protectedProcedure.input(alertInput).mutation(async ({ ctx, input }) => {
    await dismissSyncAlert(ctx, ctx.userId, input.alertId);
  }),
} satisfies TRPCRouterRecord;
