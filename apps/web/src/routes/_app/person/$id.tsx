import { i18nKey, pageTitle } from '../../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import {
  ContactDetailPage,
  type ContactDetailParts,
} from '../../../features/contacts/components/contact-detail-page';
import { ContactLabels } from '../../../features/labels/contact-labels';
import { KeepInTouchPanel } from '../../../features/keep-in-touch/keep-in-touch-panel';
import { InTrashNotice } from '../../../features/trash/in-trash-notice';
import { ContactHistory } from '../../../features/history/contact-history';

/** The other features on a contact's page: Recover, its labels, keep in touch, its History. */
const parts: ContactDetailParts = {
  trashedNotice: (contact) => <InTrashNotice id={contact.id} />,
  labels: (contact) => (
    <ContactLabels contactId={contact.id} disabled={contact.trashedAt !== null} />
  ),
  panels: (contact) => <KeepInTouchPanel contactId={contact.id} />,
  history: (contact) => <ContactHistory contact={contact} />,
};

export const Route = createFileRoute('/_app/person/$id')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Contact')) }] }),
  component: function PersonPage() {
    const { id } = Route.useParams();
    return <ContactDetailPage key={id} id={id} parts={parts} />;
  },
});
