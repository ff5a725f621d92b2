import type { RouterOutputs } from '@kith/api';
import { CONTACT_SORTS, type ContactSort } from '@kith/validators';
import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from './trpc';
import { trpc } from './trpc';
import { takeFirstWindow } from './first-window';
import { sessionQueryKey, useSessionUser, type SessionUser } from './session';

export type Contact = RouterOutputs['contacts']['byId'];
/** A contact as a list's row has it: the name, first email and phone, photo, star, trashed. */
export type ContactListItem = RouterOutputs['contacts']['listItems']['items'][number];
export type ContactListName = 'contacts' | 'favorites' | 'trash' | 'label';

/**
 * Rows per window: the list is read a window at a time, only the windows the screen shows
 * (a 100,000-contact book was downloaded whole, 99 pages one after another;
 * docs/decisions/0010-lists-read-by-window.md).
 */
export const WINDOW_SIZE = 100;
/** How long a window off screen stays cached, in ms: scrolling back is instant, memory bounded. */
const WINDOW_GC_MS = 60_000;
/** How long the visible range must rest before its windows are fetched, in ms (a scrollbar
 * drag across the book fetches where it stops, not every window it passes). */
const RANGE_SETTLE_MS = 40;

const UNBATCHED = { context: { skipBatch: true } };

/** One window of a list, as the list procedures answer (`total` on the first window only). */
export interface ContactWindow {
  items: ContactListItem[];
  nextCursor: string | null;
  total: number | null;
  label?: { id: string; name: string };
}

/** The key of every window of every list (for optimistic changes across all of them). */
export const isContactWindow = (query: { queryKey: readonly unknown[] }) =>
  (query.queryKey[1] as { type?: string } | undefined)?.type === 'window';

/**
 * Where window `window` of a list of `total` rows is read from: a window in the list's second
 * half is read from its end, so the last rows cost what the first do (an offset of 98,000
 * rows took 200 ms on PostgreSQL; from the end, under 1 ms).
 */
function windowPage(window: number, total: number | undefined) {
  const start = window * WINDOW_SIZE;
  if (total === undefined || start < total / 2) return { offset: start, limit: WINDOW_SIZE };
  const end = Math.min(start + WINDOW_SIZE, total);
  return { offset: total - end, limit: Math.max(1, end - start), fromEnd: true };
}

/**
 * The query of one window of a list: rows `window * WINDOW_SIZE` onwards (`total`, the
 * list's size, lets a far window be read from the end), as the rows a list shows
 * (`contacts.listItems`, a label's `labels.contactItems`). Its key sits under tRPC's key for the
 * procedure (`[['contacts', 'listItems'], ...]`), so `utils.contacts.invalidate()` refreshes it.
 * Route loaders start the first window before the screen's code has loaded.
 */
export function contactWindowQueryOptions(
  api: ApiClient,
  list: ContactListName,
  sort: ContactSort = 'first_name',
  labelId = '',
  window = 0,
  total?: number,
) {
  // The trash has one order of its own (most recently deleted first).
  const order = list === 'trash' ? undefined : sort;
  const path = list === 'label' ? ['labels', 'contactItems'] : ['contacts', 'listItems'];
  const page = windowPage(window, window === 0 ? undefined : total);
  return queryOptions({
    queryKey: [path, { type: 'window', input: { ...page, sort: order, list, labelId } }] as const,
    // Each window is a request of its own (`skipBatch`): batched with the session check, the
    // list would hold it back, and a failing list would fail it too.
    queryFn: async (): Promise<ContactWindow> => {
      // `/`'s first window may be on its way already, asked for by boot.js.
      const early =
        list === 'contacts' && window === 0 && order ? takeFirstWindow<ContactWindow>(order) : null;
      return (
        (await early) ??
        (list === 'label'
          ? api.labels.contactItems.query({ ...page, labelId, sort }, UNBATCHED)
          : api.contacts.listItems.query({ ...page, sort: order, list }, UNBATCHED))
      );
    },
    // The first window holds the total and the label; it stays while the screen does.
    gcTime: window === 0 ? undefined : WINDOW_GC_MS,
  });
}

/**
 * A list (contacts, favorites, trash or a label's contacts) read a window at a time: the
 * first window gives the rows at the top and the total, so the table has its full height at
 * once; `showRange` says which rows are on screen and the windows holding them are fetched.
 * `rowAt(i)` is the contact at position `i`, or undefined while its window loads.
 */
export function useContactList(list: ContactListName, labelId?: string) {
  const { api } = useRouteContext({ from: '__root__' });
  const sort = useSessionUser()?.contactSort;
  useEffect(() => {
    if (sort) rememberSort(sort);
  }, [sort]);
  const [range, setRange] = useState<readonly [number, number]>([0, 0]);
  // Leading: a jump fetches at once; a scroll that goes on fetches where it settles.
  const [settled] = useDebouncedValue(range, RANGE_SETTLE_MS, { leading: true });
  const head = useQuery(contactWindowQueryOptions(api, list, sort, labelId, 0));
  const total = head.data?.total ?? 0;

  const lastWindow = Math.max(0, Math.ceil(total / WINDOW_SIZE) - 1);
  const windowNumbers: number[] = [];
  const from = Math.max(1, Math.floor(settled[0] / WINDOW_SIZE));
  const to = Math.min(lastWindow, Math.floor(settled[1] / WINDOW_SIZE));
  for (let w = from; w <= to; w++) windowNumbers.push(w);
  const windows = useQueries({
    queries: windowNumbers.map((w) =>
      contactWindowQueryOptions(api, list, sort, labelId, w, total),
    ),
  });
  const loaded = new Map<number, ContactWindow | undefined>([[0, head.data]]);
  windowNumbers.forEach((w, i) => loaded.set(w, windows[i]?.data));

  return {
    total,
    label: head.data?.label ?? null,
    rowAt: (index: number): ContactListItem | undefined =>
      loaded.get(Math.floor(index / WINDOW_SIZE))?.items[index % WINDOW_SIZE],
    /** Tells the list which rows (first and last position) the screen shows. */
    showRange: useCallback((first: number, last: number) => {
      setRange((current) =>
        current[0] === first && current[1] === last ? current : [first, last],
      );
    }, []),
    isPending: head.isPending,
    error: head.error,
    /** Loads the list again after a failure. */
    retry: () => void head.refetch(),
  };
}

export type ContactListWindows = ReturnType<typeof useContactList>;

/** The order the signed-in person chose for their lists, as the session query holds it. */
export function savedSort(queryClient: QueryClient): ContactSort {
  return queryClient.getQueryData<SessionUser | null>(sessionQueryKey)?.contactSort ?? 'first_name';
}

const SORT_KEY = 'kith.contactSort';

/**
 * The order this browser last saw the person's lists in (kept in localStorage: an order, no
 * personal data), so the first rows can be asked for before the session check answers.
 */
export function lastSort(): ContactSort {
  try {
    const sort = localStorage.getItem(SORT_KEY);
    return CONTACT_SORTS.includes(sort as ContactSort) ? (sort as ContactSort) : 'first_name';
  } catch {
    return 'first_name';
  }
}

/** Remembers the order for `lastSort`. */
export function rememberSort(sort: ContactSort) {
  try {
    localStorage.setItem(SORT_KEY, sort);
  } catch {
    // Storage refused (private mode, quota): the first rows wait for the session instead.
  }
}

/**
 * After any change the cached lists refresh: contacts, contact, favorites, trash
 * (docs/product/states.md#contact).
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
