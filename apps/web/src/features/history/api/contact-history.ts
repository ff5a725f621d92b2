import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRefreshContactLists } from '../../../lib/contact-lists';
import { trpc } from '../../../lib/trpc';

/**
 * A contact's History (router `history`, docs/history.md#a-contacts-history): its changes of
 * the last 30 days, and "Restore this version", after which the contact, every list showing it
 * and its History are read again.
 */

/**
 * The contact's changes, newest first (at most 100). Read again whenever the page mounts, as
 * any writer (a phone, an import) may have changed the contact since, and after every change
 * made in this tab while it shows (the star, a label, keep in touch, a restore): each may be
 * a new entry.
 */
export function useContactHistory(contactId: string) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void utils.history.contact.invalidate({ contactId });
        }
      }),
    [queryClient, utils, contactId],
  );
  // A request of its own (`skipBatch`): up to 100 versions with their cards, which the
  // page's labels and keep in touch, asked for at the same time, need not wait for.
  return trpc.history.contact.useQuery(
    { contactId },
    { staleTime: 0, trpc: { context: { skipBatch: true } } },
  );
}

/**
 * Makes the contact what a version holds (`{contactId, versionId}`). Resolves once the
 * contact, the lists and the History have been read again, so the newest entry of the History
 * is the restore itself.
 */
export function useRestoreVersion() {
  const utils = trpc.useUtils();
  const refresh = useRefreshContactLists();
  return trpc.history.restoreVersion.useMutation({
    onSuccess: (_, { contactId }) =>
      Promise.all([refresh(), utils.history.contact.invalidate({ contactId })]),
  });
}
