import { feedbackInput } from '@kith/validators';
import { untrusted, type RestRoute } from '../rest/adapter';
import { feedbackSchema } from '../rest/openapi/wire-schemas';

/** POST /feedback (docs/product/legacy-api.md#contacts-favorites-trash). */
export const feedbackRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/feedback',
    successStatus: 201,
    doc: {
      summary: 'Send feedback',
      tag: 'Feedback',
      signedIn: true,
      body: feedbackInput,
      data: feedbackSchema,
      errors: [400],
    },
    handle: async ({ caller, body }) => ({
      data: await caller.feedback.send(untrusted(body)),
      message: 'Feedback received',
    }),
  },
];
