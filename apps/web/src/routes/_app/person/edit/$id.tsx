import { i18nKey, pageTitle } from '../../../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { EditContactPage } from '../../../../features/contacts/components/edit-contact-page';

export const Route = createFileRoute('/_app/person/edit/$id')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Edit contact')) }] }),
  component: function EditPersonPage() {
    const { id } = Route.useParams();
    return <EditContactPage key={id} id={id} />;
  },
});
