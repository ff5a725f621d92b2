import { i18nKey } from '../../../lib/i18n';

/**
 * What the server answers "Undo changes" when it refuses a moment
 * (packages/api/src/history/messages.ts and the input of history.router.ts), listed so the
 * catalogue holds their translations: `errorMessage` looks each one up by its English text.
 */
export const undoChangesServerMessages = [
  i18nKey('That moment is still to come. Choose a moment in the past.'),
  i18nKey('Kith keeps changes for 30 days. Choose a moment within the last 30 days.'),
  i18nKey('Give the moment as a date and time.'),
];
