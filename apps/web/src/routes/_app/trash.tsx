import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { contactWindowQueryOptions } from '../../lib/contact-lists';
import { TrashPage } from '../../features/trash/trash-page';

export const Route = createFileRoute('/_app/trash')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Trash')) }] }),
  loader: ({ context }) =>
    void context.queryClient.prefetchQuery(contactWindowQueryOptions(context.api, 'trash')),
  component: TrashPage,
});
