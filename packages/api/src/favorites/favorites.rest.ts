import { z } from 'zod';
import { withId, type RestRoute } from '../rest/adapter';
import { EXAMPLE_IDS, contactExample } from '../rest/openapi/examples';
import { contactSchema, favoriteSchema } from '../rest/openapi/wire-schemas';
import { toLegacyContact } from '../contacts';

/**
 * The legacy favorites paths: mark, unmark and list favorites, in the legacy shape with the
 * product's success messages (docs/product/legacy-api.md#contacts-favorites-trash).
 */
export const favoritesRestRoutes: RestRoute[] = [
  {
    method: 'PATCH',
    path: '/favorites/:id',
    doc: {
      operationId: 'setFavorite',
      summary: 'Mark or unmark a favorite',
      tag: 'Favorites',
      signedIn: true,
      body: z.object({ isFavorite: z.boolean() }),
      data: favoriteSchema,
      errors: [400, 404],
      example: {
        body: { isFavorite: true },
        data: { _id: EXAMPLE_IDS.contact, isFavorite: true, name: 'Charles Babbage' },
        message: 'Added Charles Babbage to favorites',
      },
    },
    handle: async ({ caller, params, body: input }) => {
      const { id, isFavorite, name } = await caller.favorites.set(withId(input, params.id!));
      const message = isFavorite ? `Added ${name} to favorites` : `Removed ${name} to favorites`;
      return { data: { _id: id, isFavorite, name }, message };
    },
  },
  {
    method: 'GET',
    path: '/favorites',
    doc: {
      operationId: 'listFavorites',
      summary: 'Every favorite contact',
      tag: 'Favorites',
      signedIn: true,
      data: z.array(contactSchema),
      errors: [],
      example: { data: [{ ...contactExample, isFavorite: true }] },
    },
    handle: async ({ caller, userId }) => {
      const owner = await userId();
      const { items } = await caller.favorites.list({ limit: null });
      return { data: items.map((contact) => toLegacyContact(contact, owner)) };
    },
  },
];
