/**
 * The parts of a contact that RFC 6350 lets repeat, as the contact row keeps them (jsonb
 * lists). In every list the first value is the preferred one (vCard `PREF=1`, 3.0
 * `TYPE=pref`): the legacy `email`, `phone` and `location` are read from it
 * (docs/product/contact.md#beyond-the-legacy-fields).
 */

/**
 * One value of EMAIL, TEL, URL, IMPP or RELATED with its type: RFC 6350 TYPE values joined
 * by commas (`cell`, `work,voice`, `home`), or a person's own label ("Boat", Apple's
 * `X-ABLabel`), or '' for none. A type made only of RFC 6350 TYPE values is written as TYPE;
 * anything else as a label.
 */
export interface TypedValue {
  value: string;
  type: string;
}

/** ADR (RFC 6350 §6.3.1): its seven parts, each '' when absent, and its type. */
export interface PostalAddress {
  type: string;
  poBox: string;
  extended: string;
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
}

/**
 * A date of the contact's other than the birthday: `type` 'anniversary' (RFC 6350 §6.2.6
 * ANNIVERSARY) or a person's label ("Graduation"; Apple's X-ABDATE, Google's Event). The year
 * may be unknown (§4.3.1 `--MMDD`). Month is 1..12.
 */
export interface ContactDate {
  type: string;
  day: number;
  month: number;
  year: number | null;
}
