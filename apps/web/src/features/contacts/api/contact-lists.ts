import type { RouterOutputs } from '@kith/api';
import { useEffect } from 'react';
import { trpc } from '../../../lib/trpc';

export type Contact = RouterOutputs['contacts']['byId'];
export type ContactListName = 'contacts' | 'favorites' | 'trash';

/** Contacts per request while a list loads; the whole list loads page after page. */
export const LIST_PAGE_SIZE = 1000;

/**
 * A whole list (contacts, favorites or trash), fetched page by page with cursors so the first
 * rows and the total show at once even for a book of thousands. Returns the rows loaded so far.
 */
export function useContactList(list: ContactListName) {
  const options = { getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor };
  const input = { limit: LIST_PAGE_SIZE };
  const contacts = trpc.contacts.list.useInfiniteQuery(input, {
    ...options,
    enabled: list === 'contacts',
  });
  const favorites = trpc.favorites.list.useInfiniteQuery(input, {
    ...options,
    enabled: list === 'favorites',
  });
  const trash = trpc.trash.list.useInfiniteQuery(input, { ...options, enabled: list === 'trash' });
  const query = { contacts, favorites, trash }[list];

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const pages = query.data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.items),
    total: pages[0]?.total ?? 0,
    isPending: query.isPending,
    error: query.error,
  };
}

/**
 * SPEC §4: after any change the cached lists refresh (contacts, contact, favorites, trash).
 */
export function useRefreshContactLists() {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([
      utils.contacts.invalidate(),
      utils.favorites.invalidate(),
      utils.trash.invalidate(),
      utils.search.invalidate(),
    ]);
  };
}
