import { createFileRoute } from '@tanstack/react-router';
import { ContactListPage } from '../../features/contacts/components/contact-list-page';

export const Route = createFileRoute('/_app/favorite')({
  head: () => ({ meta: [{ title: 'Favorites · Kith' }] }),
  component: () => <ContactListPage list="favorites" />,
});
