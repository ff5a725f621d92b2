import { contactMergeInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { findDuplicates, mergeContacts } from './duplicates.service';
import { protectedProcedure, rateLimited, signedInUser } from '../trpc/init';

/**
 * Merge & fix: likely duplicates and their merge. Served beside the contacts' procedures
 * (`contacts.duplicates`, `contacts.merge`, composed in `root.ts`); a folder of its own because
 * a merge writes labels too, and labels/ sits above contacts/.
 */
export const mergeProcedures = {
  /**
   * Likely duplicates ("Merge & fix"): `{groups: {reasons: ('email'|'phone'|'name')[],
   * contacts}[], total}`, the first 100 groups by the same email, the same normalised phone,
   * or very similar names, and how many groups there are. Merges nothing.
   */
  duplicates: protectedProcedure
    .use(rateLimited('heavy', signedInUser))
    .query(({ ctx }) => findDuplicates(ctx, ctx.userId)),

  /**
   * Merges `mergeIds` into `keepId`, taking each field in `take` from the contact named for
   * it; the copies go to the Trash. Returns the merged contact. NOT_FOUND when a contact is
   * gone or someone else's.
   */
  merge: protectedProcedure
    .input(contactMergeInput)
    .mutation(({ ctx, input }) => mergeContacts(ctx, ctx.userId, input)),
} satisfies TRPCRouterRecord;
