import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { CreateContactPage } from '../../features/contacts/components/create-contact-page';

export const Route = createFileRoute('/_app/new')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Create contact')) }] }),
  component: CreateContactPage,
});
