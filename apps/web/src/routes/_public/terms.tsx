import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../../features/static-pages/terms-page';

export const Route = createFileRoute('/_public/terms')({
  head: () => ({ meta: [{ title: 'Terms of Service · Kith' }] }),
  component: TermsPage,
});
