import { trpc } from '../../lib/trpc';

/**
 * The top bar's search (router `search`): contacts whose name, email or phone match `query`
 * (trimmed; nothing is asked for an empty one). One request per keystroke
 * (docs/product/states.md#forms); the request the next keystroke replaced is aborted (its query has
 * no one waiting for it any more, and React Query cancels it through the signal tRPC passes to
 * fetch), so the server never works on stale text. Answers are kept 10 s, so typing back to an
 * earlier query shows its results at once.
 */
export function useContactSearch(query: string) {
  return trpc.search.contacts.useQuery(
    { query },
    { enabled: query !== '', staleTime: 10_000, trpc: { abortOnUnmount: true } },
  );
}
