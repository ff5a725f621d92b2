import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../../features/static-pages/contact-page';

export const Route = createFileRoute('/_public/contact')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Contact Us')) }] }),
  component: ContactPage,
});
