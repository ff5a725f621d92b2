import {
  IMPORT_TEXT_MAX,
  LABEL_NAME_MAX,
  type ExtraField,
  type ImportedContact,
} from '@kith/validators';
import { z } from 'zod';
import { splitName } from '../contacts/contact-dto';

/**
 * Why a row of an import file is left out (`error`) or comes in changed (`warning`), in words
 * for the person reading the preview.
 */
export interface ImportProblem {
  row: number;
  /** The row's name as far as it could be read, '' when none. */
  name: string;
  severity: 'error' | 'warning';
  message: string;
}

/** A contact being read from a file, before it is checked and completed. */
export interface ContactDraft {
  row: number;
  givenName: string;
  familyName: string;
  /** vCard FN, or a CSV's single name column: used when there is no given or family name. */
  fullName: string;
  emails: { value: string; label: string }[];
  phones: { value: string; label: string }[];
  company: string;
  jobTitle: string;
  /**
   * Addresses as RFC 6350 ADR's seven parts: PO box, extended, street, city, region, post
   * code, country.
   */
  addresses: { components: string[]; label: string }[];
  /** The birthday as the file wrote it. */
  birthday: string;
  photo: string;
  labels: string[];
  isFavorite: boolean;
  extra: ExtraField[];
  /** What the reader changed or set aside, for the preview (nothing silent, issue 17). */
  warnings: string[];
}

export function emptyDraft(row: number): ContactDraft {
  return {
    row,
    givenName: '',
    familyName: '',
    fullName: '',
    emails: [],
    phones: [],
    company: '',
    jobTitle: '',
    addresses: [],
    birthday: '',
    photo: '',
    labels: [],
    isFavorite: false,
    extra: [],
    warnings: [],
  };
}

/** The outcome of reading one file: the contacts to import and what went wrong. */
export interface ReadResult {
  contacts: ImportedContact[];
  problems: ImportProblem[];
}

const clip = (value: string) => value.trim().slice(0, IMPORT_TEXT_MAX);

/**
 * A birthday as files write it: ISO `1985-04-15` / `19850415`, RFC 6350 `--0415` / `--04-15`
 * (no year), or a spreadsheet's `4/15/1985`, month first or day first as `order` says
 * (US Outlook writes month first, most of the world day first). Apple writes year 1604 for
 * "no year" (its X-APPLE-OMIT-YEAR). Null when it is none of those or not a real date.
 */
export function readBirthday(
  text: string,
  order: DateOrder = 'month-first',
): { day: number; month: number; year: number | null } | null {
  const value = text.trim();
  let match = /^(\d{4}|--|-)-?(\d{2})-?(\d{2})(?:$|T)/.exec(value);
  let year: number | null = null;
  let month: number;
  let day: number;
  if (match) {
    year = match[1]!.startsWith('-') ? null : Number(match[1]);
    month = Number(match[2]);
    day = Number(match[3]);
  } else if ((match = SLASH_DATE.exec(value))) {
    const [first, second] = [Number(match[1]), Number(match[2])];
    [month, day] = order === 'month-first' ? [first, second] : [second, first];
    year = match[3]!.length === 4 ? Number(match[3]) : null;
  } else {
    return null;
  }
  if (year === 1604 || year === 0) year = null;
  // 2000 is a leap year, so a yearless 29 February passes.
  const date = new Date(Date.UTC(year ?? 2000, month - 1, day));
  if (month < 1 || month > 12 || date.getUTCDate() !== day) return null;
  return { day, month, year };
}

/** `23/6/1974`, `6/23/74`, `23.6.1974`: a date whose day and month order the file does not say. */
const SLASH_DATE = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})$/;

/** Which comes first in a spreadsheet's `a/b/yyyy` dates. */
export type DateOrder = 'month-first' | 'day-first';

/**
 * The order of a column's `a/b/yyyy` dates, told from all of them (issue 17): a first part
 * over 12 means day first, a second part over 12 month first. `ambiguous` when no date tells
 * (every part is 12 or less) or when dates tell both ways; null when the column holds none.
 */
export function dateOrderOf(texts: string[]): DateOrder | 'ambiguous' | null {
  let dayFirst = false;
  let monthFirst = false;
  let any = false;
  for (const text of texts) {
    const match = SLASH_DATE.exec(text.trim());
    if (!match) continue;
    any = true;
    if (Number(match[1]) > 12) dayFirst = true;
    if (Number(match[2]) > 12) monthFirst = true;
  }
  if (!any) return null;
  if (dayFirst === monthFirst) return 'ambiguous';
  return dayFirst ? 'day-first' : 'month-first';
}

const validEmail = (value: string) => z.email().safeParse(value).success;

/** `{label, value}` of an email or phone kept as an extra field. */
function extraOf(name: 'EMAIL' | 'TEL', item: { value: string; label: string }): ExtraField {
  return { name, label: clip(item.label), value: clip(item.value) };
}

/** Label names: trimmed, deduplicated whatever their case, each at most 60 characters. */
function cleanLabels(names: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    const name = raw.trim().slice(0, LABEL_NAME_MAX).trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    result.push(name);
  }
  return result.slice(0, 100);
}

/**
 * Completes a draft into the contact the import writes, or explains why it cannot:
 * - the first valid email and the first phone become the contact's own, the others extras;
 *   an email that is not valid is kept as an extra, with a warning;
 * - the first address fills the location (its region joins the city, its PO box and
 *   extended part the street); the others stay whole as ADR extras;
 * - with no given or family name, the full name is split (last word the family name), else
 *   the company, email or phone stands in as the name, with a warning;
 * - a birthday that cannot be read is kept as a BDAY extra, with a warning.
 * A row with no name, email, phone or company at all is an error: there is nothing to keep.
 */
export function completeDraft(
  draft: ContactDraft,
  dateOrder: DateOrder = 'month-first',
): {
  contact: ImportedContact | null;
  problems: ImportProblem[];
} {
  const extra = [...draft.extra];
  const problems: ImportProblem[] = [];
  const emails = draft.emails.filter((e) => e.value.trim());
  const phones = draft.phones.filter((p) => p.value.trim());

  let givenName = clip(draft.givenName);
  let familyName = clip(draft.familyName);
  if (!givenName && !familyName && draft.fullName.trim()) {
    ({ givenName, familyName } = splitName(clip(draft.fullName)));
  }
  const warn = (message: string) =>
    problems.push({ row: draft.row, name: '', severity: 'warning', message });
  for (const message of draft.warnings) warn(message);

  let email = '';
  for (const item of emails) {
    const value = item.value.trim();
    if (!email && validEmail(value)) email = value.toLowerCase();
    else {
      if (!validEmail(value))
        warn(`"${value}" is not a valid email; it is kept with the other details.`);
      extra.push(extraOf('EMAIL', item));
    }
  }
  const phone = phones[0] ? clip(phones[0].value) : '';
  for (const item of phones.slice(1)) extra.push(extraOf('TEL', item));

  if (!givenName) {
    givenName = familyName;
    familyName = '';
  }
  if (!givenName) {
    const standIn = clip(draft.company) || email || emails[0]?.value.trim() || phone;
    if (!standIn) {
      return {
        contact: null,
        problems: [
          {
            row: draft.row,
            name: '',
            severity: 'error',
            message: 'No name, email, phone or company: there is nothing to import.',
          },
        ],
      };
    }
    givenName = standIn;
    warn('No name; it is named after its company, email or phone.');
  }

  // The first address fills the location; its region goes with the city and its PO box
  // and extended part with the street, so nothing of it is lost. Others stay whole as extras.
  let location = { streetAddress: '', city: '', postCode: '', country: '' };
  for (const address of draft.addresses) {
    const parts = Array.from({ length: 7 }, (_, i) => clip(address.components[i] ?? ''));
    if (parts.every((part) => !part)) continue;
    const [poBox, extended, street, city, region, code, country] = parts;
    if (!location.streetAddress && !location.city && !location.postCode && !location.country) {
      location = {
        streetAddress: [street, extended, poBox].filter(Boolean).join(', '),
        city: [city, region].filter(Boolean).join(', '),
        postCode: code!,
        country: country!,
      };
    } else {
      const value = parts.filter(Boolean).join(', ');
      extra.push({ name: 'ADR', label: clip(address.label), value, components: parts });
    }
  }

  let birthday: ImportedContact['birthday'] = null;
  if (draft.birthday.trim()) {
    birthday = readBirthday(draft.birthday, dateOrder);
    if (!birthday) {
      warn(
        `The birthday "${draft.birthday.trim()}" is not a date; it is kept with the other details.`,
      );
      extra.push({ name: 'BDAY', label: '', value: clip(draft.birthday) });
    }
  }

  const name = [givenName, familyName].filter(Boolean).join(' ');
  return {
    contact: {
      row: draft.row,
      givenName,
      familyName,
      email,
      phone,
      company: clip(draft.company),
      jobTitle: clip(draft.jobTitle),
      ...location,
      birthday,
      photo: draft.photo.trim(),
      labels: cleanLabels(draft.labels),
      isFavorite: draft.isFavorite,
      extra,
    },
    problems: problems.map((problem) => ({ ...problem, name })),
  };
}

/** Adds the contact or the problems of each completed draft to a result. */
export function collect(
  result: ReadResult,
  draft: ContactDraft,
  dateOrder: DateOrder = 'month-first',
): void {
  const { contact, problems } = completeDraft(draft, dateOrder);
  if (contact) result.contacts.push(contact);
  result.problems.push(...problems);
}
