/**
 * How much one contact may hold, wherever it comes from: the contact form and the API's
 * inputs (REST and tRPC, through the zod schemas of `contacts.ts` and `imports.ts`, which take
 * their numbers from here), an import file and a CardDAV PUT (through the vCard and CSV
 * readers, which check every card with `contactLimitProblem`). A card past a limit is
 * refused whole, with the reason in words, never cut short and stored.
 *
 * No zod and no side effects: the browser and the readers import it as it is.
 */

/** The limits of one contact; lengths in characters (UTF-16 code units), counts in values. */
export const CONTACT_LIMITS = {
  /** Each part of a name: given, family, additional names, prefixes, suffixes; the nickname. */
  namePart: 200,
  /** A whole name written as one text (vCard FN, the edit screen's single name field). */
  fullName: 400,
  /** Company, job title, each ORG unit, each part of an address but its post code. */
  field: 200,
  /** A post code. */
  postCode: 20,
  /** A phone number. */
  phone: 40,
  /** An email address (RFC 5321 §4.5.3.1.3: a path holds at most 256 octets). */
  email: 254,
  /** A web address, chat handle or related person (RFC 6350 URL, IMPP, RELATED). */
  link: 1_000,
  /** A value's type or label ("work,fax", "Boat"); a date's label. */
  valueType: 60,
  /** The note: 64 KiB of text, more than any real card's note (docs/request-limits.md). */
  note: 65_536,
  /** Values in each list: emails, phones, addresses, web addresses, chat handles, related, dates. */
  values: 50,
  /** ORG's units. */
  orgUnits: 10,
  /** Labels (vCard CATEGORIES) one contact carries. */
  labels: 1_000,
  /** A label's name (a vCard CATEGORIES value). */
  labelName: 200,
  /** Properties kept without a field of their own (X-..., a second NOTE, KIND...). */
  extra: 500,
  /** The name of one such property (RFC 6350 §3.3 `name`). */
  extraName: 100,
  /** The label, the value, and each structured part of one such property. */
  extraText: 10_000,
  /** The structured parts of one such property (ADR has seven). */
  extraComponents: 10,
  /**
   * Property lines one vCard may have, counted before the card is read: every field above
   * at its fullest, each with an Apple `itemN.X-ABLabel` line, fits well inside it.
   */
  cardProperties: 2_000,
  /**
   * Contacts one group card (a label, RFC 6350 MEMBER or Apple's X-ADDRESSBOOKSERVER-MEMBER)
   * may list: as many as one selection of the bulk calls.
   */
  groupMembers: 10_000,
} as const;

/** Longest text kept in any one contact field, in characters. */
export const CONTACT_FIELD_MAX = CONTACT_LIMITS.field;

/** The most values one list of a contact (emails, phones, addresses...) holds. */
export const CONTACT_LIST_MAX = CONTACT_LIMITS.values;

/** Longest note, in characters. */
export const NOTE_MAX = CONTACT_LIMITS.note;

/**
 * C0 control characters and DEL (Unicode "Cc", U+0001-U+001F, U+007F) but tab and line feed.
 * NUL is left in: no field can store it (PostgreSQL text), and the API answers it with 400
 * "Text cannot contain a NUL character." rather than changing what was sent.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROLS_BUT_TAB_AND_LF = /[\x01-\x08\v\f\x0e-\x1f\x7f]/g;

/**
 * Text of one line (a name, a company, a phone...) with no control character: line breaks
 * and tabs (CR, LF, CRLF, TAB, VT, FF) become one space, every other C0 control character
 * and DEL is dropped (NUL stays, see above). A bare CR in a name otherwise reached the iCalendar birthday feed as a
 * line break (RFC 5545 §3.1 allows none inside a value). Not trimmed.
 */
export function singleLineText(text: string): string {
  return text.replace(/[\t\n\v\f\r]+/g, ' ').replace(CONTROLS_BUT_TAB_AND_LF, '');
}

/**
 * Text that may span lines (the note, a property kept as it was written): CRLF and bare CR
 * become LF, tabs stay, every other C0 control character and DEL is dropped (NUL stays).
 * Not trimmed.
 */
export function multiLineText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROLS_BUT_TAB_AND_LF, '');
}

/** A value of a contact's list with its type. */
interface TypedText {
  value: string;
  type: string;
}

/** A property kept without a field of its own. */
interface ExtraText {
  name: string;
  label: string;
  value: string;
  components?: string[];
}

/**
 * The parts of a contact the limits speak of: the shape of an imported contact (and of a
 * card a client PUT), whose lists and texts are all optional here.
 */
export interface LimitedContact {
  givenName: string;
  familyName: string;
  additionalNames?: string;
  honorificPrefixes?: string;
  honorificSuffixes?: string;
  nickname?: string;
  org?: string;
  title?: string;
  orgUnits?: string[];
  emails?: TypedText[];
  phones?: TypedText[];
  addresses?: (Record<
    'poBox' | 'extended' | 'street' | 'locality' | 'region' | 'postalCode' | 'country',
    string
  > & { type: string })[];
  urls?: TypedText[];
  impps?: TypedText[];
  related?: TypedText[];
  dates?: { type: string }[];
  note?: string;
  labels?: string[];
  extra?: ExtraText[];
}

const count = (n: number) => n.toLocaleString('en-US');

/** "The first name has 3,000,000 characters; at most 200 are kept." */
function tooLong(what: string, length: number, max: number): string {
  return `${what} has ${count(length)} characters; at most ${count(max)} are kept.`;
}

/** "The card has 600 emails; a contact keeps at most 50." */
function tooMany(what: string, n: number, max: number): string {
  return `The card has ${count(n)} ${what}; a contact keeps at most ${count(max)}.`;
}

/**
 * Why a contact cannot be kept as it is, or null when it is within every limit of
 * `CONTACT_LIMITS`: the first text too long or list too long found, as one English sentence
 * for the person (the import preview's problem, a CardDAV PUT's refusal). Pure and linear in
 * the contact's size; it throws nothing.
 */
export function contactLimitProblem(contact: LimitedContact): string | null {
  const L = CONTACT_LIMITS;
  const texts: [string, string | undefined, number][] = [
    ['The first name', contact.givenName, L.namePart],
    ['The last name', contact.familyName, L.namePart],
    ['The middle name', contact.additionalNames, L.namePart],
    ['The name prefix', contact.honorificPrefixes, L.namePart],
    ['The name suffix', contact.honorificSuffixes, L.namePart],
    ['The nickname', contact.nickname, L.namePart],
    ['The company', contact.org, L.field],
    ['The job title', contact.title, L.field],
    ['The note', contact.note, L.note],
  ];
  for (const [what, text, max] of texts) {
    if (text && text.length > max) return tooLong(what, text.length, max);
  }
  const lists: [string, unknown[] | undefined, number][] = [
    ['emails', contact.emails, L.values],
    ['phone numbers', contact.phones, L.values],
    ['addresses', contact.addresses, L.values],
    ['web addresses', contact.urls, L.values],
    ['chat handles', contact.impps, L.values],
    ['related people', contact.related, L.values],
    ['dates', contact.dates, L.values],
    ['organisation units', contact.orgUnits, L.orgUnits],
    ['labels', contact.labels, L.labels],
    ['other properties', contact.extra, L.extra],
  ];
  for (const [what, list, max] of lists) {
    if (list && list.length > max) return tooMany(what, list.length, max);
  }
  for (const label of contact.labels ?? []) {
    if (label.length > L.labelName) return tooLong('A label', label.length, L.labelName);
  }
  for (const unit of contact.orgUnits ?? []) {
    if (unit.length > L.field) return tooLong('An organisation unit', unit.length, L.field);
  }
  const valueLists: [string, TypedText[] | undefined, number][] = [
    ['An email', contact.emails, L.email],
    ['A phone number', contact.phones, L.phone],
    ['A web address', contact.urls, L.link],
    ['A chat handle', contact.impps, L.link],
    ['A related person', contact.related, L.link],
  ];
  for (const [what, list, max] of valueLists) {
    for (const item of list ?? []) {
      if (item.value.length > max) return tooLong(what, item.value.length, max);
      if (item.type.length > L.valueType) {
        return tooLong(`${what}'s label`, item.type.length, L.valueType);
      }
    }
  }
  for (const address of contact.addresses ?? []) {
    const { type, postalCode, ...parts } = address;
    if (type.length > L.valueType) return tooLong("An address's label", type.length, L.valueType);
    if (postalCode.length > L.postCode)
      return tooLong('A post code', postalCode.length, L.postCode);
    for (const part of Object.values(parts)) {
      if (part.length > L.field) return tooLong('A part of an address', part.length, L.field);
    }
  }
  for (const date of contact.dates ?? []) {
    if (date.type.length > L.valueType) {
      return tooLong("A date's label", date.type.length, L.valueType);
    }
  }
  for (const item of contact.extra ?? []) {
    if (item.name.length > L.extraName) {
      return tooLong('The name of a property', item.name.length, L.extraName);
    }
    const parts = item.components ?? [];
    if (parts.length > L.extraComponents) {
      return `The property ${item.name} has ${count(parts.length)} parts; at most ${L.extraComponents} are kept.`;
    }
    for (const text of [item.label, item.value, ...parts]) {
      if (text.length > L.extraText) {
        return tooLong(`The property ${item.name}`, text.length, L.extraText);
      }
    }
  }
  return null;
}
