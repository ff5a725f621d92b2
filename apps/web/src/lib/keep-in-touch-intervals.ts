import type { KeepInTouchInterval } from '@kith/validators';
import type { TFunction } from 'i18next';

/**
 * The keep-in-touch intervals as the picker names them, in the interface language: the
 * keep-in-touch feature's picker and list, and a contact's History, say them alike.
 */
export function intervalLabels(t: TFunction): Record<KeepInTouchInterval, string> {
  return {
    week: t('Every week'),
    month: t('Every month'),
    quarter: t('Every 3 months'),
    half_year: t('Every 6 months'),
    year: t('Every year'),
  };
}
