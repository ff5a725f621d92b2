import { useState } from 'react';
import { errorMessage, notifyError } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useRefreshContactLists } from '../../lib/contact-lists';

/**
 * Labels' calls (router `labels`): the list, create, rename, delete, and giving or
 * taking a label from contacts, each with the cache it changes.
 */

/** The person's labels with their counts (the sidebar, the pickers). */
export function useLabels() {
  return trpc.labels.list.useQuery(undefined, { staleTime: 30_000 });
}

/**
 * Create and rename, refreshing every list that shows labels; `error` holds a refusal (a
 * taken name) for the dialog to show under its field.
 */
export function useLabelEditing() {
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const refresh = () => utils.labels.invalidate();
  const onError = (failure: unknown) => {
    if (failure instanceof Error && 'data' in failure) setError(errorMessage(failure));
    else notifyError(failure);
  };
  const create = trpc.labels.create.useMutation({ onSuccess: refresh, onError });
  const rename = trpc.labels.rename.useMutation({ onSuccess: refresh, onError });
  return { create, rename, error, clearError: () => setError(null) };
}

/** The labels one contact carries. */
export function useLabelsOf(contactId: string) {
  return trpc.labels.ofContact.useQuery({ contactId });
}

/**
 * Gives a label to contacts or takes it away (`{ labelId, contactIds }`); every list is read
 * again before the promise resolves, since counts and label lists change.
 */
export function useLabelMembership() {
  const refresh = useRefreshContactLists();
  const onSuccess = () => refresh();
  return {
    assign: trpc.labels.assign.useMutation({ onSuccess }),
    unassign: trpc.labels.unassign.useMutation({ onSuccess }),
  };
}

/** Deletes a label (`{ id }`); its contacts stay. The labels are read again first. */
export function useDeleteLabel(options: Parameters<typeof trpc.labels.delete.useMutation>[0] = {}) {
  const utils = trpc.useUtils();
  return trpc.labels.delete.useMutation({
    ...options,
    onSuccess: async (...args) => {
      await utils.labels.invalidate();
      return options.onSuccess?.(...args);
    },
  });
}
