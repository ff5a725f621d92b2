import { feedbackInput } from '@kith/validators';
import { untrusted, type RestRoute } from '../rest/adapter';
import { EXAMPLE_IDS, EXAMPLE_TIME } from '../rest/openapi/examples';
import { feedbackSchema } from '../rest/openapi/wire-schemas';

/** POST /feedback (docs/product/legacy-api.md#contacts-favorites-trash). */
export const feedbackRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/feedback',
    successStatus: 201,
    doc: {
      operationId: 'sendFeedback',
      summary: 'Send feedback',
      tag: 'Feedback',
      signedIn: true,
      body: feedbackInput,
      data: feedbackSchema,
      errors: [400],
      example: {
        body: { message: 'The A-Z rail is lovely.' },
        data: {
          _id: EXAMPLE_IDS.contact,
          message: 'The A-Z rail is lovely.',
          createdAt: EXAMPLE_TIME,
        },
        message: 'Feedback received',
      },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.feedback.send(untrusted(body)),
      message: 'Feedback received',
    }),
  },
];
