import { bulkContactsInput, contactId, listInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { listContacts } from '../contacts';
import { deleteContacts, emptyTrash, recoverContacts, trashContacts } from './trash.service';
import { protectedProcedure } from '../trpc/init';

const single = z.object({ id: contactId });

/**
 * The trash (docs/product/screens.md#trash-screen, docs/product/states.md#contact): move in,
 * recover, delete forever, empty. Bulk calls take `{contactIds}` or a whole list but some (`{all}`,
 * "Select All" over rows never loaded) and are single statements whatever the count; each returns
 * the ids it changed.
 */
export const trashRouter = {
  /** A page of trashed contacts, most recently trashed first, each with `trashedAt`. */
  list: protectedProcedure
    .input(listInput)
    .query(({ ctx, input }) => listContacts(ctx, ctx.userId, 'trash', input)),
  add: protectedProcedure.input(single).mutation(async ({ ctx, input }) => ({
    ids: await trashContacts(ctx, ctx.userId, { contactIds: [input.id] }),
  })),
  addMany: protectedProcedure.input(bulkContactsInput).mutation(async ({ ctx, input }) => ({
    ids: await trashContacts(ctx, ctx.userId, input),
  })),
  recover: protectedProcedure.input(single).mutation(async ({ ctx, input }) => ({
    ids: await recoverContacts(ctx, ctx.userId, { contactIds: [input.id] }),
  })),
  recoverMany: protectedProcedure.input(bulkContactsInput).mutation(async ({ ctx, input }) => ({
    ids: await recoverContacts(ctx, ctx.userId, input),
  })),
  /** Deletes a trashed contact forever, with its photo. */
  delete: protectedProcedure.input(single).mutation(async ({ ctx, input }) => ({
    ids: await deleteContacts(ctx, ctx.userId, { contactIds: [input.id] }),
  })),
  deleteMany: protectedProcedure.input(bulkContactsInput).mutation(async ({ ctx, input }) => ({
    ids: await deleteContacts(ctx, ctx.userId, input),
  })),
  /** Deletes every trashed contact forever: `{deleted}`. */
  empty: protectedProcedure.mutation(({ ctx }) => emptyTrash(ctx, ctx.userId)),
} satisfies TRPCRouterRecord;
