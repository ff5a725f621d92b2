import { trpc } from '../../../lib/trpc';
import { useSessionUser } from '../../../lib/session';

/**
 * Where a list sorted by name puts its letter headers (docs/product/screens.md#letter-headers):
 * `letters`, each letter's first position, from `contacts.letters` (the A-Z rail's own index,
 * so one call serves both), or undefined for a list in date order, while it loads or when it
 * failed (the list then shows no headers); `settled` once the list's height is known for good.
 */
export function useLetterHeaders(
  list: 'contacts' | 'favorites' | 'label',
  labelId: string | undefined,
  total: number,
) {
  const sort = useSessionUser()?.contactSort ?? 'first_name';
  const byName = sort === 'first_name' || sort === 'last_name';
  const letters = trpc.contacts.letters.useQuery(
    {
      list: list === 'favorites' ? 'favorites' : 'contacts',
      labelId,
      sort: byName ? sort : undefined,
    },
    // Asked with the list, not after it: the list waits for its headers (settled), so its
    // rows never move down once drawn. One try: a list without headers (offline, an error)
    // is better than a list that waits for a retry.
    { enabled: byName, staleTime: 30_000, retry: false },
  );
  return {
    letters: byName && total > 0 ? letters.data : undefined,
    settled: !byName || !letters.isPending,
  };
}
