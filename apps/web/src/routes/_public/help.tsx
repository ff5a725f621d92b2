import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../../features/static-pages/help-page';

export const Route = createFileRoute('/_public/help')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Help Center')) }] }),
  component: HelpPage,
});
