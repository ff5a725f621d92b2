import { i18n } from '../../../lib/i18n';
import { formatCount } from '../../../lib/format';

/**
 * Field messages that carry a number ('At most 200 characters', 'Year must be between 1900
 * and 2026'), each matched with its number and translated with it, the number written the
 * interface language's way: a catalogue looks a text up whole, so these showed in English
 * on the Spanish form (as `errorMessage` in lib/notify.ts does for the 429 wait).
 */
const WITH_NUMBERS: [RegExp, (...n: number[]) => string][] = [
  [
    /^At most (\d+) characters$/,
    (max) => i18n.t('At most {{max}} characters', { max: formatCount(max) }),
  ],
  [/^At most (\d+) values$/, (max) => i18n.t('At most {{max}} values', { max: formatCount(max) })],
  [
    /^Year must be between (\d+) and (\d+)$/,
    (min, max) => i18n.t('Year must be between {{min}} and {{max}}', { min, max }),
  ],
];

/** One field message of the contact form in the interface language (see `WITH_NUMBERS`). */
export function translateFieldMessage(message: string): string {
  for (const [pattern, translate] of WITH_NUMBERS) {
    const match = pattern.exec(message);
    if (match) return translate(...match.slice(1).map(Number));
  }
  return i18n.t(message);
}

/**
 * The contact form's errors, keyed by field, in the interface language: every message a
 * catalogue key, the ones with a number translated with it (docs/product/validation.md#contact-form).
 */
export function translateFieldErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, translateFieldMessage(message)]),
  );
}
