import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../../features/static-pages/privacy-page';

export const Route = createFileRoute('/_public/privacy')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Privacy Policy')) }] }),
  component: PrivacyPage,
});
