import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../../features/static-pages/contact-page';

export const Route = createFileRoute('/_public/contact')({
  head: () => ({ meta: [{ title: 'Contact Us · Kith' }] }),
  component: ContactPage,
});
