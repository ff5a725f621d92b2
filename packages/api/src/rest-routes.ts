import { authRestRoutes } from './auth/auth.rest';
import { contactsRestRoutes } from './contacts/contacts.rest';
import { favoritesRestRoutes } from './favorites/favorites.rest';
import { feedbackRestRoutes } from './feedback/feedback.rest';
import { historyRestRoutes } from './history/history.rest';
import { imagesRestRoutes } from './images/images.rest';
import { recoverRestRoutes } from './recover/recover.rest';
import { searchRestRoutes } from './search/search.rest';
import { trashRestRoutes } from './trash/trash.rest';
import type { RestRoute } from './rest/adapter';

/**
 * Every `/api/v1` path (docs/product/legacy-api.md#the-calls-it-makes, and the history's added
 * since: docs/api.md#history), each domain's routes from its own folder.
 */
export const restRoutes: readonly RestRoute[] = [
  ...authRestRoutes,
  ...recoverRestRoutes,
  ...contactsRestRoutes,
  ...favoritesRestRoutes,
  ...trashRestRoutes,
  ...searchRestRoutes,
  ...imagesRestRoutes,
  ...feedbackRestRoutes,
  ...historyRestRoutes,
];
