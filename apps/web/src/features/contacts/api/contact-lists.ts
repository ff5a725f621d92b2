import type { RouterOutputs } from '@kith/api';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ApiClient } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc';

export type Contact = RouterOutputs['contacts']['byId'];
export type ContactListName = 'contacts' | 'favorites' | 'trash';

/** The first page is small so the first rows show at once; the rest come in larger pages. */
export const FIRST_PAGE_SIZE = 100;
export const LIST_PAGE_SIZE = 1000;

/**
 * The query of a whole list, page by page with cursors. Its key sits under tRPC's key for the
 * procedure (`[['contacts', 'list'], ...]`), so `utils.contacts.invalidate()` refreshes it.
 * Route loaders start it before the screen's code has loaded.
 */
export function contactListQueryOptions(api: ApiClient, list: ContactListName) {
  return infiniteQueryOptions({
    queryKey: [[list, 'list'], { type: 'infinite', input: { pages: 'all' } }] as const,
    queryFn: ({ pageParam }) =>
      api[list].list.query({
        cursor: pageParam,
        limit: pageParam ? LIST_PAGE_SIZE : FIRST_PAGE_SIZE,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/**
 * A whole list (contacts, favorites or trash): the first rows and the total show as soon as
 * the first page arrives; the remaining pages follow one after another.
 */
export function useContactList(list: ContactListName) {
  const { api } = useRouteContext({ from: '__root__' });
  const query = useInfiniteQuery(contactListQueryOptions(api, list));
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
