import type { RouterOutputs } from '@kith/api';
import type { ContactSort } from '@kith/validators';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ApiClient } from './trpc';
import { trpc } from './trpc';
import { sessionQueryKey, useSessionUser, type SessionUser } from './session';

export type Contact = RouterOutputs['contacts']['byId'];
export type ContactListName = 'contacts' | 'favorites' | 'trash' | 'label';

/** The first page is small so the first rows show at once; the rest come in larger pages. */
export const FIRST_PAGE_SIZE = 100;
export const LIST_PAGE_SIZE = 1000;

/**
 * The query of a whole list, page by page with cursors. Its key sits under tRPC's key for the
 * procedure (`[['contacts', 'list'], ...]`), so `utils.contacts.invalidate()` refreshes it.
 * Route loaders start it before the screen's code has loaded.
 */
export function contactListQueryOptions(
  api: ApiClient,
  list: ContactListName,
  sort: ContactSort = 'first_name',
  labelId = '',
) {
  // The trash has one order of its own (most recently deleted first).
  const order = list === 'trash' ? undefined : sort;
  const path = list === 'label' ? ['labels', 'contacts'] : [list, 'list'];
  return infiniteQueryOptions({
    queryKey: [path, { type: 'infinite', input: { pages: 'all', sort: order, labelId } }] as const,
    queryFn: ({ pageParam }) => {
      const page = { cursor: pageParam, limit: pageParam ? LIST_PAGE_SIZE : FIRST_PAGE_SIZE };
      return list === 'label'
        ? api.labels.contacts.query({ ...page, labelId, sort })
        : api[list].list.query({ ...page, sort: order });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/**
 * A whole list (contacts, favorites, trash or a label's contacts): the first rows and the total show as soon as
 * the first page arrives; the remaining pages follow one after another.
 */
export function useContactList(list: ContactListName, labelId?: string) {
  const { api } = useRouteContext({ from: '__root__' });
  const sort = useSessionUser()?.contactSort;
  const query = useInfiniteQuery(contactListQueryOptions(api, list, sort, labelId));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const pages = query.data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.items),
    total: pages[0]?.total ?? 0,
    label: (pages[0] as { label?: { id: string; name: string } } | undefined)?.label ?? null,
    isPending: query.isPending,
    error: query.error,
    /** Loads the list again after a failure. */
    retry: () => void query.refetch(),
  };
}

/** The order the signed-in person chose for their lists, as the session query holds it. */
export function savedSort(queryClient: QueryClient): ContactSort {
  return queryClient.getQueryData<SessionUser | null>(sessionQueryKey)?.contactSort ?? 'first_name';
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
      utils.labels.invalidate(),
      utils.search.invalidate(),
    ]);
  };
}
