import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { KeepInTouchPage } from '../../features/keep-in-touch/keep-in-touch-page';

/** /keep-in-touch: who is due for a call or a message, from the sidebar. */
export const Route = createFileRoute('/_app/keep-in-touch')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Keep in touch')) }] }),
  component: KeepInTouchPage,
});
