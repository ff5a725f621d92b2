import { contactId, listInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { listContacts } from '../contacts/contacts.service';
import { setFavorite } from './favorites.service';
import { protectedProcedure } from '../trpc/init';

/** Favorites (SPEC §2 Favorites, §7 /favorites). */
export const favoritesRouter = {
  /** A page of favourite active contacts by name. */
  list: protectedProcedure
    .input(listInput)
    .query(({ ctx, input }) => listContacts(ctx, ctx.userId, 'favorites', input)),

  /** Sets the flag; returns `{_id, isFavorite, name}` (SPEC §7 PATCH /favorites/{id}). */
  set: protectedProcedure
    .input(
      z.object({
        id: contactId,
        isFavorite: z.boolean({ error: 'isFavorite must be true or false' }),
      }),
    )
    .mutation(({ ctx, input }) => setFavorite(ctx, ctx.userId, input.id, input.isFavorite)),
} satisfies TRPCRouterRecord;
