import { useRef } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useRefreshContactLists } from '../../lib/contact-lists';

/**
 * "Merge & fix" calls (docs/product/screens.md#merge--fix-screen): the groups of likely
 * duplicates, merging a group and undoing it, "Not duplicates" and its undo, and the pairs
 * dismissed. Each change reads every contact list and the groups again before it resolves.
 */

/** Groups of contacts sharing an email, a phone or a very similar name. */
export function useDuplicates() {
  return trpc.contacts.duplicates.useQuery();
}

/** The pairs said not to be duplicates ("Show dismissed"), the latest first. */
export function useDismissedDuplicates(enabled: boolean) {
  return trpc.contacts.dismissedDuplicates.useQuery(undefined, { enabled });
}

/** Reads the lists, the groups and the dismissed pairs again. */
function useRefreshMerge() {
  const utils = trpc.useUtils();
  const refresh = useRefreshContactLists();
  return () =>
    Promise.all([
      refresh(),
      utils.contacts.duplicates.invalidate(),
      utils.contacts.dismissedDuplicates.invalidate(),
    ]);
}

/**
 * Merges a group into one contact (the others go to the Trash); answers the merged contact
 * and its `undoToken`. `mutate` while a merge is on its way does nothing, even before React
 * has re-rendered the button as busy, so a double click on Merge is one merge, one answer and
 * one toast (the server also merges a repeat of the same merge once).
 */
export function useMerge(options: Parameters<typeof trpc.contacts.merge.useMutation>[0] = {}) {
  const refresh = useRefreshMerge();
  const running = useRef(false);
  const mutation = trpc.contacts.merge.useMutation({
    ...options,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await refresh();
    },
    onSettled: () => {
      running.current = false;
    },
  });
  return {
    ...mutation,
    mutate: (input: Parameters<typeof mutation.mutate>[0]) => {
      if (running.current) return;
      running.current = true;
      mutation.mutate(input);
    },
  };
}

/** Undoes a merge by its token: the kept contact as it was, the copies out of the Trash. */
export function useUndoMerge() {
  const refresh = useRefreshMerge();
  return trpc.contacts.undoMerge.useMutation({ onSuccess: () => refresh() });
}

/** "Not duplicates": none of the pairs of `contactIds` is offered again; one call at a time. */
export function useDismissDuplicates(
  options: Parameters<typeof trpc.contacts.dismissDuplicates.useMutation>[0] = {},
) {
  const refresh = useRefreshMerge();
  const running = useRef(false);
  const mutation = trpc.contacts.dismissDuplicates.useMutation({
    ...options,
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await refresh();
    },
    onSettled: () => {
      running.current = false;
    },
  });
  return {
    ...mutation,
    mutate: (input: Parameters<typeof mutation.mutate>[0]) => {
      if (running.current) return;
      running.current = true;
      mutation.mutate(input);
    },
  };
}

/**
 * Takes "Not duplicates" back: the pairs of `contactIds` can be offered again, and a toast says
 * so (or shows the refusal). The toasts are shown here rather than by the list: reading the
 * dismissed pairs again may remove the list, and a callback given to `mutate` does not run once
 * its component is gone.
 */
export function useUndismissDuplicates() {
  const refresh = useRefreshMerge();
  return trpc.contacts.undismissDuplicates.useMutation({
    onSuccess: () => {
      notifySuccess('Suggested as duplicates again');
      return refresh();
    },
    onError: (error) => notifyError(error),
  });
}
