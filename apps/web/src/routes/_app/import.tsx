import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '../../features/imports/import-page';
import { i18nKey, pageTitle } from '../../lib/i18n';

/** /import: contacts from a CSV or vCard file, previewed before anything is written. */
export const Route = createFileRoute('/_app/import')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Import contacts')) }] }),
  component: ImportPage,
});
