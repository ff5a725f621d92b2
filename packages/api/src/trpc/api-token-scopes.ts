import type { ApiTokenFeature } from '@kith/validators';
import { ForbiddenError } from '../shared/errors';

/** What a token that may not make a call hears (docs/api-tokens.md#scopes). */
export const API_TOKEN_FORBIDDEN_MESSAGE =
  'API tokens cannot do this. Sign in to Kith to manage the account.';
export const missingScopeMessage = (scope: string) => `This API token lacks the scope ${scope}.`;

/**
 * The feature each router's procedures belong to, for a token's scopes. Routers not listed
 * (the account, its security, app passwords, tokens, sign-in and recovery, feedback) are
 * never open to a token: a leaked token must not be able to take the account over.
 */
const FEATURE_OF_ROUTER: Record<string, ApiTokenFeature> = {
  contacts: 'contacts',
  favorites: 'contacts',
  trash: 'contacts',
  search: 'contacts',
  images: 'contacts',
  labels: 'labels',
  imports: 'imports',
  reminders: 'reminders',
  keepInTouch: 'reminders',
  history: 'history',
};

/** Procedures any live token may call: who am I. */
const OPEN_TO_EVERY_TOKEN = new Set(['auth.check']);

/**
 * Refuses a call its API token may not make (docs/api-tokens.md#scopes): a query needs the
 * feature's `read` or `write` scope, a mutation its `write` scope.
 *
 * @param path the procedure's path, `contacts.list`.
 * @throws ForbiddenError (403) naming the missing scope, or saying tokens cannot do this.
 */
export function assertTokenMayCall(
  scopes: readonly string[],
  path: string,
  type: 'query' | 'mutation' | 'subscription',
): void {
  if (OPEN_TO_EVERY_TOKEN.has(path)) return;
  const feature = FEATURE_OF_ROUTER[path.split('.')[0] ?? ''];
  if (!feature) throw new ForbiddenError(API_TOKEN_FORBIDDEN_MESSAGE);
  const write = `${feature}:write`;
  if (scopes.includes(write)) return;
  if (type === 'query' && scopes.includes(`${feature}:read`)) return;
  throw new ForbiddenError(missingScopeMessage(type === 'query' ? `${feature}:read` : write));
}
