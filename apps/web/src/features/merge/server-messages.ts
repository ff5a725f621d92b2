import { i18nKey } from '../../lib/i18n';

/**
 * What the server answers Merge & fix when it cannot do what was asked
 * (packages/api/src/merge/messages.ts), listed so the catalogue holds their translations:
 * `errorMessage` looks each one up by its English text.
 */
export const mergeServerMessages = [
  i18nKey('This merge can no longer be undone.'),
  i18nKey('These contacts changed after the merge, so it cannot be undone. Edit them instead.'),
];
