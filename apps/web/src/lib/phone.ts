import {
  parsePhoneNumberFromString,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/min';

/**
 * Phone numbers as the screens show and dial them (docs/product/validation.md#phone-numbers).
 * The stored value is always what the person typed (or the card brought); this module only
 * reads it. libphonenumber-js with its smallest metadata ('min': every country's codes,
 * lengths and formats, without the number-type patterns 'max' adds).
 */

/**
 * The person's region, for numbers written without a country code: the region of the
 * browser's language ('en-GB' -> 'GB', 'es-ES' -> 'ES'), or undefined when the language
 * names none ('es', 'en'): such numbers are then not guessed at.
 *
 * @param language a BCP 47 tag; the browser's `navigator.language` when not given.
 */
export function phoneRegion(
  language: string | undefined = globalThis.navigator?.language,
): CountryCode | undefined {
  if (!language) return undefined;
  try {
    const region = new Intl.Locale(language).region;
    // Only a two-letter country (not a UN M.49 area such as '419', Latin America).
    return region && /^[A-Z]{2}$/.test(region) ? (region as CountryCode) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The number `text` names, when it is a possible one (its length fits its country's plan):
 * "+44 (0)20 7946 0958" is +442079460958, the trunk 0 in brackets dropped; "020 7946 0958"
 * needs `region` 'GB'. Undefined for text that is not a possible number.
 */
export function parsePhone(text: string, region = phoneRegion()): PhoneNumber | undefined {
  const number = parsePhoneNumberFromString(text, region);
  return number?.isPossible() ? number : undefined;
}

/**
 * `text` as a person of `region` reads it: their own country's numbers in national format
 * ("020 7946 0958" in Britain), others' internationally ("+34 612 34 56 78"); text that is
 * not a possible number exactly as it was typed.
 */
export function formatPhone(text: string, region = phoneRegion()): string {
  const number = parsePhone(text, region);
  if (!number) return text;
  return region && number.country === region
    ? number.formatNational()
    : number.formatInternational();
}

/**
 * The `tel:` link of `text` (RFC 3966): the number in E.164 ("tel:+442079460958", with
 * ";ext=12" for an extension), so the phone dials it from anywhere. Text that is not a
 * possible number keeps only what a dialler understands (digits, +, *, #, pauses); null
 * when that leaves no digit ("ask at reception"), which is then no link at all.
 */
export function telHref(text: string, region = phoneRegion()): string | null {
  const number = parsePhone(text, region);
  if (number) return number.getURI();
  const dialable = text.replace(/[^\d+*#,;]/g, '');
  return /\d/.test(dialable) ? `tel:${dialable}` : null;
}
