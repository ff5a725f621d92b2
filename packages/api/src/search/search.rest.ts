import { z } from 'zod';
import { contactSummarySchema } from '../rest/openapi/wire-schemas';
import type { RestRoute } from '../rest/adapter';
import { EXAMPLE_IDS } from '../rest/openapi/examples';
import { toLegacySummary } from '../contacts';

/** The legacy search path: contacts matching the text typed, as legacy summaries. */
export const searchRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/search',
    doc: {
      operationId: 'searchContacts',
      summary: 'Search contacts by name, email, company or phone digits',
      tag: 'Search',
      signedIn: true,
      query: z.object({ query: z.string().max(500) }),
      data: z.array(contactSummarySchema),
      errors: [400],
      example: {
        data: [
          {
            _id: EXAMPLE_IDS.contact,
            name: 'Charles Babbage',
            email: 'charles@example.com',
            avatar: { url: '' },
          },
        ],
      },
    },
    handle: async ({ caller, query }) => ({
      data: (await caller.search.contacts({ query: query.query ?? '' })).map(toLegacySummary),
    }),
  },
];
