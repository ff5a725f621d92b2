import { trpc } from '../../lib/trpc';
import { useRefreshContactLists } from '../../lib/contact-lists';

/**
 * The Trash screen's calls (router `trash`, docs/product/screens.md#trash-screen): recover and
 * delete forever, one or many, and empty. Each reads the cached lists again before its promise
 * resolves.
 */
export function useTrashActions() {
  const refresh = useRefreshContactLists();
  const onSuccess = () => refresh();
  return {
    /** `{ id }` back to the contacts. */
    recover: trpc.trash.recover.useMutation({ onSuccess }),
    /** `{ contactIds }` back to the contacts. */
    recoverMany: trpc.trash.recoverMany.useMutation({ onSuccess }),
    /** `{ id }` deleted for good, with its photo. */
    deleteForever: trpc.trash.delete.useMutation({ onSuccess }),
    /** `{ contactIds }` deleted for good. */
    deleteManyForever: trpc.trash.deleteMany.useMutation({ onSuccess }),
    /** Every contact in the trash deleted for good. */
    empty: trpc.trash.empty.useMutation({ onSuccess }),
  };
}

/** Brings one contact (`{ id }`) back from the trash, from its own page. */
export function useRecoverContact() {
  const refresh = useRefreshContactLists();
  return trpc.trash.recover.useMutation({ onSuccess: () => refresh() });
}
