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
    { enabled: byName && total > 0, staleTime: 30_000 },
  );
  const wanted = byName && total > 0;
  return {
    letters: wanted ? letters.data : undefined,
    settled: !wanted || !letters.isPending,
  };
}
