import { createFileRoute } from '@tanstack/react-router';
import { MergePage } from '../../features/merge/merge-page';
import { i18nKey, pageTitle } from '../../lib/i18n';

/** /merge: "Merge & fix", likely duplicates reviewed side by side. */
export const Route = createFileRoute('/_app/merge')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Merge & fix')) }] }),
  component: MergePage,
});
