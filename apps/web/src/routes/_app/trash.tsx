import { createFileRoute } from '@tanstack/react-router';
import { contactListQueryOptions } from '../../features/contacts/api/contact-lists';
import { TrashPage } from '../../features/contacts/components/trash-page';

export const Route = createFileRoute('/_app/trash')({
  head: () => ({ meta: [{ title: 'Trash · Kith' }] }),
  loader: ({ context }) =>
    void context.queryClient.prefetchInfiniteQuery(contactListQueryOptions(context.api, 'trash')),
  component: TrashPage,
});
