import { i18nKey } from '../../lib/i18n';

/**
 * What the server answers "Restore this version" when it cannot
 * (packages/api/src/history/messages.ts), listed so the catalogue holds its translation:
 * `errorMessage` looks it up by its English text. 'Contact not found.' is in
 * src/locales/server-messages.ts.
 */
export const contactHistoryServerMessages = [
  i18nKey('This version is no longer kept. Open the History again to see the versions there are.'),
];
