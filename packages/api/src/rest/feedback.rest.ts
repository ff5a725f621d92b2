import { untrusted, type RestRoute } from './adapter';

/** SPEC §7 POST /feedback. */
export const feedbackRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/feedback',
    handle: async ({ caller, body }) => ({
      data: await caller.feedback.send(untrusted(body)),
      message: 'Feedback received',
      status: 201,
    }),
  },
];
