import { trpc } from '../../../lib/trpc';
import { useRefreshContactLists } from '../../../lib/contact-lists';
import { useSessionUser } from '../../../lib/session';

/**
 * One contact's calls (router `contacts`) and the move to the trash (router `trash`): after a
 * change the cached lists are read again (docs/product/states.md#contact), before the call's
 * promise resolves, so a screen that navigates next shows fresh lists.
 */

/** One contact by id (detail and edit screens); NOT_FOUND when it is not the person's. */
export function useContact(id: string) {
  return trpc.contacts.byId.useQuery({ id });
}

/** Creates a contact (docs/product/states.md#forms); answers the stored contact. */
export function useCreateContact() {
  const refresh = useRefreshContactLists();
  return trpc.contacts.create.useMutation({ onSuccess: () => refresh() });
}

/**
 * Saves the changed fields of a contact (docs/product/states.md#forms); answers the stored contact.
 */
export function useUpdateContact() {
  const refresh = useRefreshContactLists();
  return trpc.contacts.update.useMutation({ onSuccess: () => refresh() });
}

/** Moves one contact (`{ id }`) to the trash. */
export function useMoveToTrash() {
  const refresh = useRefreshContactLists();
  return trpc.trash.add.useMutation({ onSuccess: () => refresh() });
}

/**
 * Brings one contact (`{ id }`) back from the trash: the Undo of moving it there from its
 * page. The cached contact and lists are read again before the promise resolves.
 */
export function useRecoverFromTrash() {
  const refresh = useRefreshContactLists();
  return trpc.trash.recover.useMutation({ onSuccess: () => refresh() });
}

/** Moves several contacts (`{ contactIds }`) to the trash; answers the ids moved. */
export function useMoveManyToTrash() {
  const refresh = useRefreshContactLists();
  return trpc.trash.addMany.useMutation({ onSuccess: () => refresh() });
}

type ExportOptions = Parameters<typeof trpc.contacts.export.useMutation>[0];

/**
 * Exports a list or a selection as vCard 4.0 or CSV; answers `{ filename, contentType, content }`.
 */
export function useExportContacts(options: ExportOptions = {}) {
  return trpc.contacts.export.useMutation(options);
}

/** A list long enough for the A-Z rail: more rows than a tall screen shows. */
const RAIL_MIN_ROWS = 30;

/**
 * The A-Z index of a list sorted by name, or undefined for a short list, one in
 * date order or one whose names all start alike; fetched once and refreshed with the lists.
 */
export function useLetterIndex(
  list: 'contacts' | 'favorites' | 'label',
  labelId: string | undefined,
  total: number,
) {
  const sort = useSessionUser()?.contactSort ?? 'first_name';
  const byName = sort === 'first_name' || sort === 'last_name';
  const wanted = byName && total >= RAIL_MIN_ROWS;
  const letters = trpc.contacts.letters.useQuery(
    {
      list: list === 'favorites' ? 'favorites' : 'contacts',
      labelId,
      sort: byName ? sort : undefined,
    },
    { enabled: wanted, staleTime: 30_000 },
  );
  // A rail of one letter jumps nowhere.
  return wanted && letters.data && letters.data.length > 1 ? letters.data : undefined;
}
