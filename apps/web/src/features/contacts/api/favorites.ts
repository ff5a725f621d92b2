import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess, serviceFailure } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import {
  isContactWindow,
  useRefreshContactLists,
  type ContactWindow,
} from '../../../lib/contact-lists';

/**
 * Toggles a favorite optimistically: the star flips at once, and rolls back on failure with
 * the error toast. Sends the negated value and reads the result from the answer
 * (docs/product/states.md#contact). A click on a star whose last change is still on its way
 * is ignored, so a double click is one change: one call, one toast.
 */
export function useToggleFavorite() {
  // The ids whose change is on its way; one Set for the screen's life.
  const [pending] = useState(() => new Set<string>());
  const mutation = useFavoriteMutation(pending);
  return {
    ...mutation,
    mutate: (input: { id: string; isFavorite: boolean }) => {
      if (pending.has(input.id)) return;
      pending.add(input.id);
      mutation.mutate(input);
    },
  };
}

/** The `favorites.set` mutation with its cache effects; `pending` loses each id it settles. */
function useFavoriteMutation(pending: Set<string>) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const refresh = useRefreshContactLists();
  // Every window of every list: the contacts, the favorites, the labels' lists.
  const listKey = { predicate: isContactWindow };
  return trpc.favorites.set.useMutation({
    onMutate: async ({ id, isFavorite }) => {
      await queryClient.cancelQueries(listKey);
      await utils.contacts.byId.cancel({ id });
      const lists = queryClient.getQueriesData<ContactWindow>(listKey);
      const single = utils.contacts.byId.getData({ id });
      const flip = <Row extends { id: string }>(c: Row): Row =>
        c.id === id ? { ...c, isFavorite } : c;
      queryClient.setQueriesData<ContactWindow>(listKey, (data) =>
        data ? { ...data, items: data.items.map(flip) } : data,
      );
      if (single) utils.contacts.byId.setData({ id }, flip(single));
      return { lists, single };
    },
    onError: (error, { id }, context) => {
      for (const [key, data] of context?.lists ?? []) queryClient.setQueryData(key, data);
      if (context?.single) utils.contacts.byId.setData({ id }, context.single);
      notifyError(error, serviceFailure('favorite'));
    },
    onSuccess: (result) => {
      // Both messages are the product's exact strings, "to favorites" included
      // (docs/product/messages.md#success-and-progress-toasts).
      if (result.isFavorite) notifySuccess('Added {{name}} to favorites', { name: result.name });
      else notifySuccess('Removed {{name}} to favorites', { name: result.name });
    },
    onSettled: (_result, _error, { id }) => {
      pending.delete(id);
      return refresh();
    },
  });
}
