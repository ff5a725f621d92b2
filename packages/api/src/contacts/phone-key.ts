import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number compared as one: E.164 when libphonenumber-js can read it (it needs a
 * leading + or country code), else its digits alone.
 */
export function phoneKey(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed?.isValid() ? parsed.number : phone.replace(/\D/g, '');
}
