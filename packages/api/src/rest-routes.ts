import { accountRestRoutes } from './account/account.rest';
import { apiTokensRestRoutes } from './api-tokens/api-tokens.rest';
import { appPasswordsRestRoutes } from './app-passwords/app-passwords.rest';
import { authRestRoutes } from './auth/auth.rest';
import { contactsRestRoutes } from './contacts/contacts.rest';
import { favoritesRestRoutes } from './favorites/favorites.rest';
import { feedbackRestRoutes } from './feedback/feedback.rest';
import { historyRestRoutes } from './history/history.rest';
import { imagesRestRoutes } from './images/images.rest';
import { labelsRestRoutes } from './labels/labels.rest';
import { mergeRestRoutes } from './merge/merge.rest';
import { recoverRestRoutes } from './recover/recover.rest';
import { remindersRestRoutes } from './reminders/reminders.rest';
import { searchRestRoutes } from './search/search.rest';
import { trashRestRoutes } from './trash/trash.rest';
import type { RestRoute } from './rest/adapter';

/**
 * Every `/api/v1` path: the legacy contract's (docs/product/legacy-api.md#the-calls-it-makes),
 * the history's (docs/api.md#history) and the rest of the app's added since
 * (docs/rest-api.md), each domain's routes from its own folder.
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
  ...labelsRestRoutes,
  ...mergeRestRoutes,
  ...remindersRestRoutes,
  ...appPasswordsRestRoutes,
  ...apiTokensRestRoutes,
  ...accountRestRoutes,
];
