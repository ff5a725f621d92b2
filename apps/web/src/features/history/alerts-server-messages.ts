import { i18nKey } from '../../lib/i18n';

/**
 * What the server answers "Undo these changes" and "Keep them" when it cannot
 * (packages/api/src/history/alerts.service.ts), listed so the catalogue holds their
 * translations: `errorMessage` looks each up by its English text.
 */
export const syncAlertServerMessages = [
  i18nKey(
    'This notice is no longer there. Reload the page to see the changes that are still open.',
  ),
  i18nKey('These changes were already undone. Each contact is back as it was before the sync.'),
];
