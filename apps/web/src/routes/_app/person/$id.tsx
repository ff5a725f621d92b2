import { createFileRoute } from '@tanstack/react-router';
import { ContactDetailPage } from '../../../features/contacts/components/contact-detail-page';

export const Route = createFileRoute('/_app/person/$id')({
  head: () => ({ meta: [{ title: 'Contact · Kith' }] }),
  component: function PersonPage() {
    const { id } = Route.useParams();
    return <ContactDetailPage key={id} id={id} />;
  },
});
