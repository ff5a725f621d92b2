import { useState } from 'react';
import { errorMessage, notifyError } from '../../lib/notify';
import type { BulkContactsInput } from '@kith/validators';
import { trpc } from '../../lib/trpc';
import { useTranslation } from 'react-i18next';
import { notifyUndoable } from '../../lib/undo-toast';
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

/** The most ids one call takes; a longer Undo goes in several calls. */
const IDS_PER_CALL = 10_000;

/**
 * Gives a label to contacts (`mode` 'add') or takes it away ('remove') and says so with an Undo
 * (docs/product/messages.md#success-and-progress-toasts): "Label Family given · Undo". The Undo
 * reverses exactly the contacts the call changed (the server answers their ids), so a contact
 * that had the label before keeps it. A refusal shows its error. Answers true when it changed.
 */
export function useLabelChange() {
  const { t } = useTranslation();
  const { assign, unassign } = useLabelMembership();
  return async (
    mode: 'add' | 'remove',
    label: { id: string; name: string },
    chosen: BulkContactsInput,
  ): Promise<boolean> => {
    const [call, reverse] = mode === 'add' ? [assign, unassign] : [unassign, assign];
    try {
      const { contactIds } = await call.mutateAsync({ labelId: label.id, ...chosen });
      // Translated here, where the catalogue sees them; the toast shows a text that is no key
      // as it is.
      const message =
        mode === 'add'
          ? t('Label {{name}} given', { name: label.name })
          : t('Label {{name}} taken away', { name: label.name });
      notifyUndoable(message, async () => {
        for (let at = 0; at < contactIds.length; at += IDS_PER_CALL) {
          const some = contactIds.slice(at, at + IDS_PER_CALL);
          await reverse.mutateAsync({ labelId: label.id, contactIds: some });
        }
      });
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
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
