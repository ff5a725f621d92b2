import type { TFunction } from 'i18next';
import { i18nKey } from './i18n';

/**
 * The types a person picks for a value on the create and edit screens, as the API keeps
 * them: RFC 6350 TYPE values (`cell`, `work,fax`) or, for anything else, their own label.
 */
export type ValueKind = 'phone' | 'email' | 'address' | 'url';

/** The types offered for each kind of value, most common first; '' is "no type". */
export const TYPE_OPTIONS: Record<ValueKind, string[]> = {
  phone: ['cell', 'home', 'work', 'home,fax', 'work,fax', 'pager', 'other', ''],
  email: ['home', 'work', 'other', ''],
  address: ['home', 'work', 'other', ''],
  url: ['home', 'work', 'other', ''],
};

/** The type a new value of each kind starts with. */
export const DEFAULT_TYPE: Record<ValueKind, string> = {
  phone: 'cell',
  email: 'home',
  address: 'home',
  url: '',
};

/**
 * A TYPE value as it is looked up: lower case, without spaces, `-` or `_`, so `HomePage`,
 * `co-worker` and `DOMESTIC_PARTNER` find `homepage`, `coworker` and `domesticpartner`.
 */
const fold = (token: string) => token.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * What each known TYPE value is called on screen, by its folded spelling: RFC 6350 §5.6 and
 * §6.4.1 (TEL), RFC 2426 §3.2.1 (ADR), §3.3.1 (TEL), §3.3.2 (EMAIL), RFC 6350 §6.6.6
 * (RELATED), and the labels Apple, Android and Google write (`homepage`, `blog`, `profile`,
 * `mother`, `domestic_partner`...).
 */
const TYPE_NAMES: Record<string, string> = {
  // Where: the place a value belongs to (listed first, see `PLACES`).
  home: i18nKey('Home'),
  work: i18nKey('Work'),
  other: i18nKey('Other'),
  personal: i18nKey('Personal'),
  business: i18nKey('Business'),
  // Phones (RFC 6350 §6.4.1; RFC 2426 §3.3.1 adds msg, bbs, modem, car, isdn, pcs).
  cell: i18nKey('Mobile'),
  mobile: i18nKey('Mobile'),
  voice: i18nKey('Voice'),
  fax: i18nKey('Fax'),
  pager: i18nKey('Pager'),
  text: i18nKey('Text'),
  video: i18nKey('Video'),
  textphone: i18nKey('Textphone'),
  msg: i18nKey('Message'),
  modem: i18nKey('Modem'),
  car: i18nKey('Car'),
  main: i18nKey('Main'),
  assistant: i18nKey('Assistant'),
  assistantphone: i18nKey('Assistant'),
  callback: i18nKey('Callback'),
  radio: i18nKey('Radio'),
  // Addresses (RFC 2426 §3.2.1).
  postal: i18nKey('Postal'),
  parcel: i18nKey('Parcel'),
  dom: i18nKey('Domestic'),
  intl: i18nKey('International'),
  // Emails (RFC 2426 §3.3.2).
  internet: i18nKey('Internet'),
  // Web addresses (Apple, Android).
  homepage: i18nKey('Home page'),
  blog: i18nKey('Blog'),
  profile: i18nKey('Profile'),
  // Dates.
  anniversary: i18nKey('Anniversary'),
  // Related people (RFC 6350 §6.6.6; Apple and Android).
  contact: i18nKey('Contact'),
  acquaintance: i18nKey('Acquaintance'),
  friend: i18nKey('Friend'),
  met: i18nKey('Met in person'),
  coworker: i18nKey('Co-worker'),
  colleague: i18nKey('Colleague'),
  coresident: i18nKey('Co-resident'),
  neighbor: i18nKey('Neighbor'),
  neighbour: i18nKey('Neighbor'),
  child: i18nKey('Child'),
  parent: i18nKey('Parent'),
  sibling: i18nKey('Sibling'),
  spouse: i18nKey('Spouse'),
  kin: i18nKey('Relative'),
  relative: i18nKey('Relative'),
  muse: i18nKey('Muse'),
  crush: i18nKey('Crush'),
  sweetheart: i18nKey('Sweetheart'),
  me: i18nKey('Me'),
  agent: i18nKey('Agent'),
  emergency: i18nKey('Emergency contact'),
  mother: i18nKey('Mother'),
  father: i18nKey('Father'),
  brother: i18nKey('Brother'),
  sister: i18nKey('Sister'),
  son: i18nKey('Son'),
  daughter: i18nKey('Daughter'),
  partner: i18nKey('Partner'),
  domesticpartner: i18nKey('Domestic partner'),
  manager: i18nKey('Manager'),
  referredby: i18nKey('Referred by'),
};

/** Names that read the same in every language: initialisms and brands. */
const PROPER_NAMES: Record<string, string> = {
  bbs: 'BBS',
  isdn: 'ISDN',
  pcs: 'PCS',
  mms: 'MMS',
  ttytdd: 'TTY/TDD',
  x400: 'X.400',
  iphone: 'iPhone',
  grandcentral: 'Google Voice',
  ftp: 'FTP',
};

/** Types that say where a value belongs: shown first ("Work, postal", not "Postal, work"). */
const PLACES = new Set(['home', 'work', 'other', 'personal', 'business']);

/**
 * Types that only say what is assumed anyway (RFC 6350: a TEL is `voice` and an EMAIL
 * `internet` unless told otherwise; `pref` is the order of the list): left out beside another.
 */
const DEFAULTS = new Set(['voice', 'internet']);

/** Phone kinds that read as one phrase with a place: "Work Fax", "Home Mobile". */
const PHONE_KINDS = new Set(['cell', 'mobile', 'fax', 'pager', 'video', 'text', 'textphone']);

/** The phrase of a place and a phone kind, per place. */
const PLACE_PHRASES: Record<string, string> = {
  home: i18nKey('Home {{kind}}'),
  work: i18nKey('Work {{kind}}'),
};

/** One TYPE value without the `x-` of an extension value (RFC 6350 §5.6: `x-aunt`). */
const bare = (token: string) => token.replace(/^x-(?=.)/i, '');

/** Whether a TYPE value is one Kith knows the name of. */
const isKnown = (token: string) => {
  const key = fold(bare(token));
  return key in TYPE_NAMES || key in PROPER_NAMES;
};

/**
 * A type as a person reads it, in the interface language. A type is RFC 6350 TYPE values
 * joined by commas, or the person's own label (Apple's `X-ABLabel`):
 * - a known value in words: `cell` "Mobile", `spouse` "Spouse", `HomePage` "Home page";
 * - a place and a phone kind as one phrase: `work,fax` and `fax,work` "Work Fax";
 * - several known values as a list, the place first: `msg,work` "Work, message";
 * - `pref` left out, and `voice` or `internet` beside another value (they are the default);
 * - anything else as written, without the `x-` of an extension value and in its order:
 *   `x-aunt` "aunt", `fax,x-aunt` "Fax, aunt", `Boat` "Boat".
 * '' for none.
 */
export function typeName(type: string, t: TFunction): string {
  const all = type
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token && fold(token) !== 'pref');
  const meaningful = all.filter((token) => !DEFAULTS.has(fold(token)));
  let tokens = meaningful.length > 0 ? meaningful : all;
  if (tokens.every(isKnown)) {
    const isPlace = (token: string) => PLACES.has(fold(bare(token)));
    tokens = [...tokens.filter(isPlace), ...tokens.filter((token) => !isPlace(token))];
    if (tokens.length === 2) {
      const [place, kind] = tokens.map((token) => fold(bare(token))) as [string, string];
      const phrase = PLACE_PHRASES[place];
      if (phrase && PHONE_KINDS.has(kind)) return t(phrase, { kind: t(TYPE_NAMES[kind]!) });
    }
  }
  return tokens
    .map((token, i) => {
      const key = fold(bare(token));
      const known = TYPE_NAMES[key];
      if (known) {
        const word = t(known);
        return i === 0 ? word : word.toLocaleLowerCase();
      }
      return PROPER_NAMES[key] ?? bare(token);
    })
    .join(', ');
}

/** Whether a type is one of the offered ones rather than a person's own label. */
export function isOfferedType(kind: ValueKind, type: string): boolean {
  return TYPE_OPTIONS[kind].includes(type);
}
