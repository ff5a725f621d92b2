import { trpc } from '../../lib/trpc';
import { useRefreshContactLists } from '../../lib/contact-lists';

/** "Merge & fix" calls: the groups of likely duplicates, and merging one group. */

/** Groups of contacts sharing an email, a phone or a very similar name. */
export function useDuplicates() {
  return trpc.contacts.duplicates.useQuery();
}

/**
 * Merges a group into one contact (the others go to the Trash); answers the merged contact.
 * Every list and the duplicate groups are read again before the promise resolves.
 */
export function useMerge(options: Parameters<typeof trpc.contacts.merge.useMutation>[0] = {}) {
  const utils = trpc.useUtils();
  const refresh = useRefreshContactLists();
  return trpc.contacts.merge.useMutation({
    ...options,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await Promise.all([refresh(), utils.contacts.duplicates.invalidate()]);
    },
  });
}
