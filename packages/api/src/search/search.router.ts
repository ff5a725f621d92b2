import { searchInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { searchContacts } from './search.service';
import { protectedProcedure } from '../trpc/init';

export const searchRouter = {
  /** Up to 20 summaries `{id, name, email, photoUrl}` matching the query, best first. */
  contacts: protectedProcedure
    .input(searchInput)
    .query(({ ctx, input }) => searchContacts(ctx, ctx.userId, input.query)),
} satisfies TRPCRouterRecord;
