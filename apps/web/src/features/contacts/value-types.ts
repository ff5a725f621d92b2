import { i18nKey } from '../../lib/i18n';

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

/** What each RFC 6350 TYPE value is called on screen. */
const TYPE_NAMES: Record<string, string> = {
  cell: i18nKey('Mobile'),
  home: i18nKey('Home'),
  work: i18nKey('Work'),
  fax: i18nKey('Fax'),
  pager: i18nKey('Pager'),
  other: i18nKey('Other'),
  text: i18nKey('Text'),
  video: i18nKey('Video'),
  textphone: i18nKey('Textphone'),
  voice: i18nKey('Voice'),
  anniversary: i18nKey('Anniversary'),
};

/**
 * A type as a person reads it: "Mobile", "Work Fax", or their own label ("Boat") as they
 * wrote it; '' for none.
 */
export function typeName(type: string, t: (key: string) => string): string {
  const tokens = type.split(',').filter(Boolean);
  if (tokens.length > 0 && tokens.every((token) => token in TYPE_NAMES)) {
    return tokens.map((token) => t(TYPE_NAMES[token]!)).join(' ');
  }
  return type;
}

/** Whether a type is one of the offered ones rather than a person's own label. */
export function isOfferedType(kind: ValueKind, type: string): boolean {
  return TYPE_OPTIONS[kind].includes(type);
}
