import { createFileRoute } from '@tanstack/react-router';
import { ContactListScreen } from '../../-contact-list-screen';
import { i18nKey, pageTitle } from '../../../lib/i18n';

/** /label/:id: the contacts carrying one label. */
export const Route = createFileRoute('/_app/label/$id')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Labels')) }] }),
  component: LabelRoute,
});

function LabelRoute() {
  const { id } = Route.useParams();
  return <ContactListScreen key={id} list="label" labelId={id} />;
}
