import { z } from 'zod';
import { withId, type RestRoute } from '../rest/adapter';
import { contactSchema, favoriteSchema } from '../rest/openapi/wire-schemas';

/**
 * SPEC §7 "Favorites": mark, unmark and list favourites, with SPEC §8's success messages.
 */
export const favoritesRestRoutes: RestRoute[] = [
  {
    method: 'PATCH',
    path: '/favorites/:id',
    doc: {
      summary: 'Mark or unmark a favourite',
      tag: 'Favorites',
      signedIn: true,
      body: z.object({ isFavorite: z.boolean() }),
      data: favoriteSchema,
      errors: [400, 404],
    },
    handle: async ({ caller, params, body: input }) => {
      const result = await caller.favorites.set(withId(input, params.id!));
      const message = result.isFavorite
        ? `Added ${result.name} to favorites`
        : `Removed ${result.name} to favorites`;
      return { data: result, message };
    },
  },
  {
    method: 'GET',
    path: '/favorites',
    doc: {
      summary: 'Every favourite contact',
      tag: 'Favorites',
      signedIn: true,
      data: z.array(contactSchema),
      errors: [],
    },
    handle: async ({ caller }) => ({ data: (await caller.favorites.list({ limit: null })).items }),
  },
];
