import { z } from 'zod';
import {
  CONTACT_FIELD_MAX,
  CONTACT_LIMITS,
  CONTACT_LIST_MAX,
  singleLineText,
} from './contact-limits';
import { messages } from './messages';

/**
 * The parts both contact vocabularies are built of: the card's inputs (`contacts.ts`) and the
 * legacy REST contract's (`legacy-contact.ts`). Not exported from the package.
 */

/** Months as the legacy contract writes them: lowercase English names, January first. */
export const monthNames = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
export type MonthName = (typeof monthNames)[number];

/** Birthday years run from 1900 to the current year (docs/product/limits.md#limits). */
export const BIRTH_YEAR_MIN = 1900;

export const DAY_RANGE = 'Day must be between 1 and 31';
export const MONTH_RANGE = 'Choose a month from January to December';
export const NO_SUCH_DATE = 'This date does not exist';
export const yearRange = (currentYear: number) =>
  `Year must be between ${BIRTH_YEAR_MIN} and ${currentYear}`;

/** Text of one line: control characters gone (`singleLineText`), then trimmed. */
export const lineText = () => z.string().overwrite(singleLineText).trim();

/** Text a person may leave empty: trimmed; '' and null both mean "not given". */
export const optionalText = lineText()
  .max(CONTACT_FIELD_MAX, { error: `At most ${CONTACT_FIELD_MAX} characters` })
  .nullish()
  .transform((value) => value || '');

/**
 * Post codes are text: real ones carry letters and leading zeros. A number from a legacy
 * client is accepted and kept as its digits.
 */
export const postCode = z
  .union([z.number().int().nonnegative(), z.string()])
  .nullish()
  .transform((value) =>
    value === null || value === undefined ? '' : singleLineText(String(value)).trim(),
  )
  .pipe(
    z
      .string()
      .max(CONTACT_LIMITS.postCode, { error: `At most ${CONTACT_LIMITS.postCode} characters` }),
  );

/** A phone number: one line, required, at most 40 characters. */
export const phoneText = z
  .string({ error: messages.contact.phoneRequired })
  .overwrite(singleLineText)
  .trim()
  .min(1, { error: messages.contact.phoneRequired })
  .max(CONTACT_LIMITS.phone, { error: `At most ${CONTACT_LIMITS.phone} characters` });

/** A name part a contact must have (given or family name), with `message` when it is empty. */
export const requiredName = (message: string) =>
  z
    .string({ error: message })
    .overwrite(singleLineText)
    .trim()
    .min(1, { error: message })
    // Its own message: the type's `error` above would otherwise answer a name too long with
    // "First name is required".
    .max(CONTACT_LIMITS.namePart, {
      error: `At most ${CONTACT_LIMITS.namePart} characters`,
    });

/** A list of at most `CONTACT_LIST_MAX` values. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.array(item).max(CONTACT_LIST_MAX, { error: `At most ${CONTACT_LIST_MAX} values` });

/** True when `day` of `month` (1..12) exists in `year` (a leap year when the year is unknown). */
export const dateExists = (day: number, month: number, year: number | null) =>
  new Date(Date.UTC(year ?? 2000, month - 1, day)).getUTCDate() === day;
