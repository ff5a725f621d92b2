import { contactId, listInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { listContacts } from '../contacts';
import { setFavorite } from './favorites.service';
import { protectedProcedure } from '../trpc/init';

/** Favorites: the starred contacts (docs/product/screens.md#favorites). */
export const favoritesRouter = {
  /** A page of favourite active contacts by name. */
  list: protectedProcedure
    .input(listInput)
    .query(({ ctx, input }) => listContacts(ctx, ctx.userId, 'favorites', input)),

  /** Sets the flag; returns `{id, isFavorite, name}`. */
  set: protectedProcedure
    .input(
      z.object({
        id: contactId,
        isFavorite: z.boolean({ error: 'isFavorite must be true or false' }),
      }),
    )
    .mutation(({ ctx, input }) => setFavorite(ctx, ctx.userId, input.id, input.isFavorite)),
} satisfies TRPCRouterRecord;
