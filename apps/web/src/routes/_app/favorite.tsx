import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { contactWindowQueryOptions, savedSort } from '../../lib/contact-lists';
import { ContactListScreen } from '../-contact-list-screen';

export const Route = createFileRoute('/_app/favorite')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Favorites')) }] }),
  loader: ({ context }) =>
    void context.queryClient.prefetchQuery(
      contactWindowQueryOptions(context.api, 'favorites', savedSort(context.queryClient)),
    ),
  component: () => <ContactListScreen list="favorites" />,
});
