import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../../features/static-pages/help-page';

export const Route = createFileRoute('/_public/help')({
  head: () => ({ meta: [{ title: 'Help Center · Kith' }] }),
  component: HelpPage,
});
