import { createFileRoute } from '@tanstack/react-router';
import { CreateContactPage } from '../../features/contacts/components/create-contact-page';

export const Route = createFileRoute('/_app/new')({
  head: () => ({ meta: [{ title: 'Create contact · Kith' }] }),
  component: CreateContactPage,
});
