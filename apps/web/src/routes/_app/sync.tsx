import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { SyncPage } from '../../features/app-passwords/sync-page';

/** /sync: "Sync with your phone", from the avatar menu and the Help Center. */
export const Route = createFileRoute('/_app/sync')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Sync with your phone')) }] }),
  component: SyncPage,
});
