import { contactId, contactMergeInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { findDuplicates } from './duplicates.service';
import { dismissDuplicates, listDismissed, undismissDuplicates } from './dismissals.service';
import { mergeContacts } from './merge.service';
import { undoMerge } from './undo.service';
import { protectedProcedure, rateLimited, signedInUser } from '../trpc/init';

/** The contacts of one group of likely duplicates: 2 to 20 of them. */
const groupInput = z.object({ contactIds: z.array(contactId).min(2).max(20) });

/**
 * Merge & fix: likely duplicates, their merge and its undo, and "Not duplicates". Served
 * beside the contacts' procedures (`contacts.duplicates`, `contacts.merge`... composed in
 * `root.ts`); a folder of its own because a merge writes labels too, and labels/ sits above
 * contacts/. The screen's rules: docs/product/screens.md#merge--fix-screen.
 */
export const mergeProcedures = {
  /**
   * Likely duplicates ("Merge & fix"): `{groups: {reasons: ('email'|'phone'|'name')[],
   * contacts}[], total}`, the first 100 groups by the same email, the same normalised phone,
   * or very similar names, and how many groups there are. Pairs said to be "Not duplicates"
   * link nothing. Merges nothing.
   */
  duplicates: protectedProcedure
    .use(rateLimited('heavy', signedInUser))
    .query(({ ctx }) => findDuplicates(ctx, ctx.userId)),

  /**
   * Merges `mergeIds` into `keepId`, taking each field in `take` from the contact named for
   * it; the copies go to the Trash. Returns the merged contact with `undoToken` (for
   * `undoMerge`, 10 minutes). The same merge sent twice merges once and answers the same.
   * NOT_FOUND when a contact is gone or someone else's.
   */
  merge: protectedProcedure
    .input(contactMergeInput)
    .mutation(({ ctx, input }) => mergeContacts(ctx, ctx.userId, input)),

  /**
   * Undoes a merge: `{contact, recoveredIds}`, the kept contact as it was and the copies out
   * of the Trash. CONFLICT when the token is used, unknown or older than 10 minutes, or the
   * contacts changed since the merge.
   */
  undoMerge: protectedProcedure
    .input(z.object({ undoToken: z.uuid() }))
    .mutation(({ ctx, input }) => undoMerge(ctx, ctx.userId, input.undoToken)),

  /**
   * "Not duplicates": every pair of `contactIds` is no longer offered as duplicates.
   * Answers `{pairs}`. NOT_FOUND when a contact is gone or someone else's.
   */
  dismissDuplicates: protectedProcedure
    .input(groupInput)
    .mutation(({ ctx, input }) => dismissDuplicates(ctx, ctx.userId, input.contactIds)),

  /** Takes "Not duplicates" back for every pair of `contactIds`; answers `{pairs}` forgotten. */
  undismissDuplicates: protectedProcedure
    .input(groupInput)
    .mutation(({ ctx, input }) => undismissDuplicates(ctx, ctx.userId, input.contactIds)),

  /**
   * "Show dismissed": `{contacts: [a, b], dismissedAt}[]`, the latest 100 pairs said not to be
   * duplicates whose contacts are both out of the Trash.
   */
  dismissedDuplicates: protectedProcedure.query(({ ctx }) => listDismissed(ctx, ctx.userId)),
} satisfies TRPCRouterRecord;
