import type { RestRoute } from './adapter';
import { authRestRoutes } from './auth.rest';
import { contactsRestRoutes } from './contacts.rest';
import { feedbackRestRoutes } from './feedback.rest';

/** Every `/api/v1` path of SPEC §7, grouped by domain as the routers are. */
export const restRoutes: readonly RestRoute[] = [
  ...authRestRoutes,
  ...contactsRestRoutes,
  ...feedbackRestRoutes,
];
