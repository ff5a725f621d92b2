import { trpc } from '../../lib/trpc';

/**
 * The API tokens card's calls (router `apiTokens`, docs/api-tokens.md), with what each changes
 * in the cache: a create or a revoke reads the list again.
 */

type CreateOptions = Parameters<typeof trpc.apiTokens.create.useMutation>[0];
type RevokeOptions = Parameters<typeof trpc.apiTokens.revoke.useMutation>[0];

/** The account's live tokens (never the tokens themselves), oldest first. */
export function useApiTokens() {
  return trpc.apiTokens.list.useQuery();
}

/**
 * Creates a token for `{name, scopes, expiresInDays}` and answers `{token, apiToken}`: the token
 * is in clear this once. BAD_REQUEST with field errors for a bad name or scopes, CONFLICT past
 * 50 tokens. The list is read again.
 */
export function useCreateApiToken(options: CreateOptions = {}) {
  const utils = trpc.useUtils();
  return trpc.apiTokens.create.useMutation({
    ...options,
    onSuccess: (...args) => {
      void utils.apiTokens.list.invalidate();
      return options.onSuccess?.(...args);
    },
  });
}

/** Revokes a token: its next request is refused. NOT_FOUND when already gone. The list is read again. */
export function useRevokeApiToken(options: RevokeOptions = {}) {
  const utils = trpc.useUtils();
  return trpc.apiTokens.revoke.useMutation({
    ...options,
    onSettled: (...args) => {
      void utils.apiTokens.list.invalidate();
      return options.onSettled?.(...args);
    },
  });
}
