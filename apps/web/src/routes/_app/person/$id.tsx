import { i18nKey, pageTitle } from '../../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { ContactDetailPage } from '../../../features/contacts/components/contact-detail-page';

export const Route = createFileRoute('/_app/person/$id')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Contact')) }] }),
  component: function PersonPage() {
    const { id } = Route.useParams();
    return <ContactDetailPage key={id} id={id} />;
  },
});
