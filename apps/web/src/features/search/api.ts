import { trpc } from '../../lib/trpc';

/**
 * The top bar's search (router `search`, SPEC §4 Search): contacts whose name, email or phone
 * match `query` (trimmed; nothing is asked for an empty one). Answers are kept 10 s, so typing
 * back to an earlier query shows its results at once.
 */
export function useContactSearch(query: string) {
  return trpc.search.contacts.useQuery({ query }, { enabled: query !== '', staleTime: 10_000 });
}
