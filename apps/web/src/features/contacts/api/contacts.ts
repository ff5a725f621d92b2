import { trpc } from '../../../lib/trpc';
import { useRefreshContactLists } from '../../../lib/contact-lists';

/**
 * One contact's calls (router `contacts`) and the move to the trash (router `trash`): after a
 * change the cached lists are read again (SPEC §4 "after any change"), before the call's
 * promise resolves, so a screen that navigates next shows fresh lists.
 */

/** One contact by id (detail and edit screens); NOT_FOUND when it is not the person's. */
export function useContact(id: string) {
  return trpc.contacts.byId.useQuery({ id });
}

/** Creates a contact (SPEC §4 Create); answers the stored contact. */
export function useCreateContact() {
  const refresh = useRefreshContactLists();
  return trpc.contacts.create.useMutation({ onSuccess: () => refresh() });
}

/** Saves the changed fields of a contact (SPEC §4 Edit); answers the stored contact. */
export function useUpdateContact() {
  const refresh = useRefreshContactLists();
  return trpc.contacts.update.useMutation({ onSuccess: () => refresh() });
}

/** Moves one contact (`{ id }`) to the trash. */
export function useMoveToTrash() {
  const refresh = useRefreshContactLists();
  return trpc.trash.add.useMutation({ onSuccess: () => refresh() });
}

/** Moves several contacts (`{ contactIds }`) to the trash; answers the ids moved. */
export function useMoveManyToTrash() {
  const refresh = useRefreshContactLists();
  return trpc.trash.addMany.useMutation({ onSuccess: () => refresh() });
}

type ExportOptions = Parameters<typeof trpc.contacts.export.useMutation>[0];

/** Exports a list or a selection as vCard 4.0 or CSV; answers `{ filename, contentType, content }`. */
export function useExportContacts(options: ExportOptions = {}) {
  return trpc.contacts.export.useMutation(options);
}
