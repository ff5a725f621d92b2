import { trpc } from '../../lib/trpc';

/**
 * Keep in touch (router `keepInTouch`): how often to be in touch with a contact,
 * "I talked to them today", and who is due, with what each changes in the cache.
 */

type SetOptions = Parameters<typeof trpc.keepInTouch.set.useMutation>[0];
type TalkedOptions = Parameters<typeof trpc.keepInTouch.talkedToday.useMutation>[0];

/** The person's own date today (`YYYY-MM-DD`), on this device's clock and zone. */
export function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** One contact's keep-in-touch interval, last talk and next due date. */
export function useKeepInTouch(contactId: string) {
  return trpc.keepInTouch.get.useQuery({ contactId });
}

/** The "Keep in touch" list, soonest due first. */
export function useKeepInTouchList() {
  return trpc.keepInTouch.list.useQuery({ today: localToday() });
}

/** How many contacts are due: the sidebar's badge. */
export function useKeepInTouchDueCount() {
  return trpc.keepInTouch.dueCount.useQuery({ today: localToday() });
}

/** After a change: the contact's state takes the answer; the list and badge are read again. */
function useKeepInTouchChanged() {
  const utils = trpc.useUtils();
  return (contactId: string, state: Awaited<ReturnType<typeof utils.keepInTouch.get.fetch>>) => {
    utils.keepInTouch.get.setData({ contactId }, state);
    void utils.keepInTouch.list.invalidate();
    void utils.keepInTouch.dueCount.invalidate();
  };
}

/** Sets or clears how often to keep in touch with a contact. */
export function useSetKeepInTouch(options: SetOptions = {}) {
  const changed = useKeepInTouchChanged();
  return trpc.keepInTouch.set.useMutation({
    ...options,
    onSuccess: (state, input, ...rest) => {
      changed(input.contactId, state);
      return options.onSuccess?.(state, input, ...rest);
    },
  });
}

/** "I talked to them today". */
export function useTalkedToday(options: TalkedOptions = {}) {
  const changed = useKeepInTouchChanged();
  return trpc.keepInTouch.talkedToday.useMutation({
    ...options,
    onSuccess: (state, input, ...rest) => {
      changed(input.contactId, state);
      return options.onSuccess?.(state, input, ...rest);
    },
  });
}
