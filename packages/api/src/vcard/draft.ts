import { formattedName } from './contact-vcard';
import {
  CONTACT_LIMITS,
  contactLimitProblem,
  isContactEmail,
  multiLineText,
  singleLineText,
  type ExtraField,
  type ImportedContact,
  splitName,
} from '@kith/validators';

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

/** A value as a file wrote it, with its type (`normaliseType`). */
export interface DraftValue {
  value: string;
  type: string;
}

/** A contact being read from a file, before it is checked and completed. */
export interface ContactDraft {
  row: number;
  givenName: string;
  familyName: string;
  /** vCard FN, or a CSV's single name column: used when there is no given or family name. */
  fullName: string;
  additionalNames: string;
  honorificPrefixes: string;
  honorificSuffixes: string;
  nickname: string;
  emails: DraftValue[];
  phones: DraftValue[];
  org: string;
  orgUnits: string[];
  title: string;
  /**
   * Addresses as RFC 6350 ADR's seven parts: PO box, extended, street, city, region, post
   * code, country.
   */
  addresses: { components: string[]; type: string }[];
  urls: DraftValue[];
  impps: DraftValue[];
  related: DraftValue[];
  /** Anniversaries and labelled dates as the file wrote them; `type` 'anniversary' or a label. */
  dates: DraftValue[];
  note: string;
  /** The birthday as the file wrote it. */
  birthday: string;
  photo: string;
  labels: string[];
  isFavorite: boolean;
  extra: ExtraField[];
  /** What the reader changed or set aside, for the preview: nothing changes silently. */
  warnings: string[];
}

export function emptyDraft(row: number): ContactDraft {
  return {
    row,
    givenName: '',
    familyName: '',
    fullName: '',
    additionalNames: '',
    honorificPrefixes: '',
    honorificSuffixes: '',
    nickname: '',
    emails: [],
    phones: [],
    org: '',
    orgUnits: [],
    title: '',
    addresses: [],
    urls: [],
    impps: [],
    related: [],
    dates: [],
    note: '',
    birthday: '',
    photo: '',
    labels: [],
    isFavorite: false,
    extra: [],
    warnings: [],
  };
}

/**
 * Words address books use for a value's type, as RFC 6350 TYPE values: Google's and
 * Outlook's "Mobile", "Business Fax", Apple's built-in `HomeFAX`. `voice` and `internet`
 * say nothing (they are the defaults) and `pref` is the list's order, so they are dropped.
 */
const TYPE_WORDS: Record<string, string[]> = {
  mobile: ['cell'],
  cell: ['cell'],
  home: ['home'],
  work: ['work'],
  business: ['work'],
  other: ['other'],
  fax: ['fax'],
  pager: ['pager'],
  text: ['text'],
  video: ['video'],
  textphone: ['textphone'],
  homefax: ['home', 'fax'],
  workfax: ['work', 'fax'],
  otherfax: ['other', 'fax'],
  voice: [],
  internet: [],
  pref: [],
  x400: [],
};

/**
 * A type as Kith keeps it (see `TypedValue` in @kith/db): words that are all known types
 * become RFC 6350 TYPE values (`Work Fax` -> `work,fax`, `Mobile` -> `cell`); anything else
 * is the person's own label and stays as written ("iPhone", "Boat").
 */
export function normaliseType(label: string): string {
  const text = label.trim();
  const words = text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0 || !words.every((word) => word in TYPE_WORDS)) return text;
  return [...new Set(words.flatMap((word) => TYPE_WORDS[word]!))].join(',');
}

/** The outcome of reading one file: the contacts to import and what went wrong. */
export interface ReadResult {
  contacts: ImportedContact[];
  problems: ImportProblem[];
}

/** Text of one line as it is kept: control characters gone, trimmed (never cut short). */
const clip = (value: string) => singleLineText(value).trim();

/** A name as a problem of the preview shows it: at most a whole name's length. */
const shown = (name: string) =>
  name.length > CONTACT_LIMITS.fullName ? `${name.slice(0, CONTACT_LIMITS.fullName)}…` : name;

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
 * The order of a column's `a/b/yyyy` dates, told from all of them: a first part
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

/**
 * Whether a value is an email address, internationalised ones included (RFC 6531: `jörg@
 * müller.de`), as phones and other address books write them: the contact email rule the
 * form checks too (docs/product/validation.md#a-contacts-emails).
 */
const validEmail = isContactEmail;

/** A list's values trimmed and cut to length, the empty ones dropped. */
function cleanValues(values: DraftValue[]): DraftValue[] {
  return values
    .map((item) => ({ value: clip(item.value), type: clip(normaliseType(item.type)) }))
    .filter((item) => item.value);
}

/** Label names: trimmed, deduplicated whatever their case. */
function cleanLabels(names: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of names) {
    // Never cut short: a name or a list past the limits refuses the card whole, with the
    // reason (contactLimitProblem).
    const name = clip(raw);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    result.push(name);
  }
  return result;
}

/** What the preview says of a row or card that holds no value at all: it is left out. */
export const NOTHING_TO_IMPORT = 'No name, email, phone or company: there is nothing to import.';

/**
 * The warnings of a contact named after something else than a name, by what it is named
 * after: its company, email or phone; another of its details (a web address, nickname, the
 * formatted name, the note's first line, an address...); or nothing (only a date, a photo or
 * the star), when it is called `NO_NAME`.
 */
export const STAND_IN_MESSAGES = {
  contact: 'No name; it is named after its company, email or phone.',
  detail:
    'No name; it is named after another of its details, such as its web address, nickname, note or address.',
  nothing: 'No name, and no text to name it after; it is called "No name" until you rename it.',
} as const;

/** The name a contact gets when nothing it holds is text to name it after. */
export const NO_NAME = 'No name';

/** Longest stand-in name, in characters: well within `CONTACT_LIMITS.namePart`. */
const STAND_IN_MAX = 80;

/**
 * Extra properties that describe the card rather than hold anything a person wrote
 * (RFC 6350 §6.1.4 KIND, §6.7.7 CLIENTPIDMAP; Apple's X-ABShowAs): they alone do not make a
 * card worth importing, nor name it.
 */
const BOOKKEEPING = new Set(['KIND', 'CLIENTPIDMAP', 'X-ABSHOWAS']);

/**
 * A short name for the screen, from a text that may be long or span lines: its first line
 * that is not blank, cut at a word to at most `STAND_IN_MAX` characters (with "…").
 */
function shortName(text: string): string {
  const line =
    text
      .split(/\r\n|\r|\n/)
      .map(clip)
      .find(Boolean) ?? '';
  if (line.length <= STAND_IN_MAX) return line;
  const cut = line.slice(0, STAND_IN_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > STAND_IN_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * What stands in for the name of a contact that has none, in this order (the first that
 * holds text): its company, first email, first phone (`contact`); its first web address,
 * nickname, formatted name (vCard FN, RFC 6350 §6.2.1), the note's first line, an address's
 * locality (else its first filled part), its middle names, job title, ORG units, chat
 * handle, related person, a label, an extra property's value, its name prefix or suffix
 * (`detail`); else `NO_NAME` when it holds anything at all (a date, a photo, the star:
 * `nothing`). Null when it holds no value: RFC 6350 §6.2.1 requires only FN, which may be
 * empty, so a card of anything a person wrote comes in, and only an empty one is refused.
 */
function standInName(
  draft: ContactDraft,
  extra: ExtraField[],
  emails: DraftValue[],
  phones: DraftValue[],
): { name: string; after: keyof typeof STAND_IN_MESSAGES } | null {
  const first = (texts: (string | undefined)[]) =>
    texts.map((text) => shortName(text ?? '')).find(Boolean);
  const contact = first([draft.org, emails[0]?.value, phones[0]?.value]);
  if (contact) return { name: contact, after: 'contact' };
  const address = draft.addresses.find((a) => a.components.some((part) => clip(part)));
  const written = extra.filter((field) => !BOOKKEEPING.has(field.name.toUpperCase()));
  const detail = first([
    ...draft.urls.map((url) => url.value),
    draft.nickname,
    draft.fullName,
    draft.note,
    address?.components[3],
    ...(address?.components ?? []),
    draft.additionalNames,
    draft.title,
    ...draft.orgUnits,
    ...draft.impps.map((impp) => impp.value),
    ...draft.related.map((related) => related.value),
    ...draft.labels,
    ...written.flatMap((field) => [field.value, ...(field.components ?? [])]),
    draft.honorificPrefixes,
    draft.honorificSuffixes,
  ]);
  if (detail) return { name: detail, after: 'detail' };
  const anything =
    draft.birthday.trim() ||
    draft.dates.some((date) => date.value.trim()) ||
    draft.photo.trim() ||
    draft.isFavorite;
  return anything ? { name: NO_NAME, after: 'nothing' } : null;
}

/**
 * Completes a draft into the contact the import writes, or explains why it cannot:
 * - every value keeps its type; the first of each list is the preferred one;
 * - an email that is not valid is kept as an extra, with a warning;
 * - with no given or family name, the full name is split (last word the family name), else
 *   something the contact holds stands in as the given name, with a warning (`standInName`:
 *   the company, email or phone first); a family name alone stays the family name;
 * - a phone longer than `CONTACT_LIMITS.phone` is kept as an extra, with a warning;
 * - a birthday or other date that cannot be read is kept as an extra, with a warning;
 * - control characters are dropped from every text (`singleLineText`; the note and the extra
 *   properties keep their line breaks as LF, `multiLineText`), and nothing is cut short.
 * Only a row or card with no value at all is an error (`NOTHING_TO_IMPORT`): one holding just
 * a note, an address, a web address or a birthday comes in (RFC 6350 §6.2.1 requires no
 * more than FN, which may be empty). A contact past any limit of `CONTACT_LIMITS` is an error
 * too (`contactLimitProblem`): it is refused whole with the reason, so one hostile card of a
 * file fails alone.
 */
export function completeDraft(
  draft: ContactDraft,
  dateOrder: DateOrder = 'month-first',
): {
  contact: ImportedContact | null;
  problems: ImportProblem[];
} {
  const extra: ExtraField[] = draft.extra.map((item) => ({
    ...item,
    label: clip(item.label),
    value: multiLineText(item.value),
    ...(item.components ? { components: item.components.map(multiLineText) } : {}),
  }));
  const problems: ImportProblem[] = [];

  let givenName = clip(draft.givenName);
  let familyName = clip(draft.familyName);
  if (!givenName && !familyName && draft.fullName.trim()) {
    ({ givenName, familyName } = splitName(clip(draft.fullName)));
  }
  const warn = (message: string) =>
    problems.push({ row: draft.row, name: '', severity: 'warning', message });
  for (const message of draft.warnings) warn(message);

  const emails: DraftValue[] = [];
  for (const item of cleanValues(draft.emails)) {
    // Kept as written: a local part's case is the sender's (RFC 5321 §2.4); matching ignores it.
    if (validEmail(item.value)) emails.push(item);
    else {
      warn(`"${item.value}" is not a valid email; it is kept with the other details.`);
      extra.push({ name: 'EMAIL', label: item.type, value: item.value });
    }
  }
  const phones: DraftValue[] = [];
  for (const item of cleanValues(draft.phones)) {
    if (item.value.length <= CONTACT_LIMITS.phone) phones.push(item);
    else {
      warn(
        `A phone number of over ${CONTACT_LIMITS.phone} characters is kept with the other details.`,
      );
      extra.push({ name: 'TEL', label: item.type, value: item.value });
    }
  }

  // A family name alone stays the family name (it was once moved to the first name).
  let nameIsStandIn = false;
  if (!givenName && !familyName) {
    const standIn = standInName(draft, extra, emails, phones);
    if (!standIn) {
      return {
        contact: null,
        problems: [{ row: draft.row, name: '', severity: 'error', message: NOTHING_TO_IMPORT }],
      };
    }
    givenName = standIn.name;
    nameIsStandIn = true;
    warn(STAND_IN_MESSAGES[standIn.after]);
  }

  const addresses: ImportedContact['addresses'] = [];
  for (const address of draft.addresses) {
    const parts = Array.from({ length: 7 }, (_, i) => clip(address.components[i] ?? ''));
    if (parts.every((part) => !part)) continue;
    const [poBox, extended, street, locality, region, postalCode, country] = parts as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const type = clip(normaliseType(address.type));
    addresses.push({ type, poBox, extended, street, locality, region, postalCode, country });
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
  const dates: ImportedContact['dates'] = [];
  for (const item of draft.dates) {
    if (!item.value.trim()) continue;
    const date = readBirthday(item.value, dateOrder);
    if (date) dates.push({ type: clip(item.type), ...date });
    else {
      const anniversary = item.type === 'anniversary';
      warn(`The date "${item.value.trim()}" is not a date; it is kept with the other details.`);
      extra.push({
        name: anniversary ? 'ANNIVERSARY' : 'X-EVENT',
        label: anniversary ? '' : clip(item.type),
        value: clip(item.value),
      });
    }
  }

  const name = shown([givenName, familyName].filter(Boolean).join(' '));
  const contact: ImportedContact = {
    row: draft.row,
    givenName,
    familyName,
    additionalNames: clip(draft.additionalNames),
    honorificPrefixes: clip(draft.honorificPrefixes),
    honorificSuffixes: clip(draft.honorificSuffixes),
    nickname: clip(draft.nickname),
    formattedName: nameIsStandIn ? '' : ownFormattedName(draft, givenName, familyName),
    nameIsStandIn,
    org: clip(draft.org),
    orgUnits: draft.orgUnits.map(clip).filter(Boolean),
    title: clip(draft.title),
    emails,
    phones,
    addresses,
    urls: cleanValues(draft.urls),
    impps: cleanValues(draft.impps),
    related: cleanValues(draft.related),
    dates,
    note: multiLineText(draft.note).trim(),
    birthday,
    photo: draft.photo.trim(),
    labels: cleanLabels(draft.labels),
    isFavorite: draft.isFavorite,
    extra,
  };
  const refused = contactLimitProblem(contact);
  if (refused) {
    return {
      contact: null,
      problems: [{ row: draft.row, name, severity: 'error', message: refused }],
    };
  }
  return { contact, problems: problems.map((problem) => ({ ...problem, name })) };
}

/**
 * FN or a file's display name when it says more than the name its parts make (RFC 6350
 * §6.2.1: "Grandma" for Margaret Smith), kept so the cards Kith writes carry it; '' when it is
 * that name, or the name was made from it.
 */
function ownFormattedName(draft: ContactDraft, givenName: string, familyName: string): string {
  const written = clip(draft.fullName);
  const parts = formattedName({
    honorificPrefixes: clip(draft.honorificPrefixes),
    givenName,
    additionalNames: clip(draft.additionalNames),
    familyName,
    honorificSuffixes: clip(draft.honorificSuffixes),
  });
  const plain = [givenName, familyName].filter(Boolean).join(' ');
  return written && written !== parts && written !== plain ? written : '';
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
