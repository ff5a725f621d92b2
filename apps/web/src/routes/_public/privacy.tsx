import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../../features/static-pages/privacy-page';

export const Route = createFileRoute('/_public/privacy')({
  head: () => ({ meta: [{ title: 'Privacy Policy · Kith' }] }),
  component: PrivacyPage,
});
