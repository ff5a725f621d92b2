import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../../features/static-pages/terms-page';

export const Route = createFileRoute('/_public/terms')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Terms of Service')) }] }),
  component: TermsPage,
});
