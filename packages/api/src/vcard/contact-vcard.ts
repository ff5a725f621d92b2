import type { ContactDate, ContactExtraField, PostalAddress, schema, TypedValue } from '@kith/db';
import { combinedName } from '@kith/validators';
import { escapeText, formatVCard, type VCardProperty, type VCardVersion } from './write';

type ContactRow = typeof schema.contacts.$inferSelect;

/** A photo to embed: its MIME type and bytes. */
export interface EmbeddedPhoto {
  contentType: string;
  bytes: Uint8Array;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** RFC 6350 §4.3.4 timestamp, UTC: `20261123T101500Z`. */
function timestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * BDAY (RFC 6350 §6.2.5): `YYYYMMDD`, or `--MMDD` for a birthday without a year
 * (§4.3.1 reduced accuracy). Null when day or month is missing.
 */
export function birthdayValue(day: number | null, month: number | null, year: number | null) {
  if (!day || !month) return null;
  return year ? `${pad(year, 4)}${pad(month)}${pad(day)}` : `--${pad(month)}${pad(day)}`;
}

/**
 * A date as a vCard 3.0 writes it (RFC 2426 §3.1.5, `YYYY-MM-DD`): 3.0 has no date without
 * a year, so it is written in year 1604 with Apple's `X-APPLE-OMIT-YEAR`, which Apple's
 * clients and Kith's reader take as "no year".
 */
function date30(
  day: number,
  month: number,
  year: number | null,
): VCardProperty['params'] & {
  value: string;
} {
  return {
    value: `${pad(year ?? 1604, 4)}-${pad(month)}-${pad(day)}`,
    ...(year ? {} : { 'x-apple-omit-year': '1604' }),
  };
}

/**
 * TYPE values a vCard names (RFC 6350 §5.6, §6.4.1, §6.4.2, §6.6.6 RELATED; RFC 2426 §3.2.1,
 * §3.3.1, §3.3.2) and extension values (`x-...`, RFC 6350 §3.3): written as TYPE, as sent.
 * Any other type is a person's own label, written as Apple's X-ABLabel.
 */
const VCARD_TYPES = new Set([
  'home',
  'work',
  'cell',
  'voice',
  'fax',
  'pager',
  'text',
  'video',
  'textphone',
  'other',
  // RFC 2426's phone, address and email types.
  'msg',
  'bbs',
  'modem',
  'car',
  'isdn',
  'pcs',
  'dom',
  'intl',
  'postal',
  'parcel',
  'internet',
  'x400',
  'main',
  // RFC 6350 §6.6.6 RELATED types.
  'contact',
  'acquaintance',
  'friend',
  'met',
  'co-worker',
  'colleague',
  'co-resident',
  'neighbor',
  'child',
  'parent',
  'sibling',
  'spouse',
  'kin',
  'muse',
  'crush',
  'date',
  'sweetheart',
  'me',
  'agent',
  'emergency',
]);

/** Whether a type is TYPE values (`work,fax`, `home,x-aunt`) rather than a person's own label. */
export function isVCardType(type: string): boolean {
  return (
    type !== '' &&
    type.split(',').every((token) => VCARD_TYPES.has(token) || /^x-[a-z0-9-]+$/.test(token))
  );
}

/** Properties whose value is a URI (or a date), written as they are, never text-escaped. */
const RAW_VALUES = new Set([
  'URL',
  'PHOTO',
  'LOGO',
  'SOUND',
  'IMPP',
  'KEY',
  'SOURCE',
  'MEMBER',
  'GEO',
  'ANNIVERSARY',
]);

/** The category (vCard) or system group (Google CSV `* starred`) of a favorite. */
export const STARRED = 'starred';

/** Writes properties, giving each labelled one an `itemN.` group and its X-ABLabel. */
class CardWriter {
  readonly props: VCardProperty[] = [];
  private group = 0;

  constructor(readonly version: VCardVersion) {}

  add(prop: VCardProperty): void {
    this.props.push(prop);
  }

  /**
   * A property with a type: RFC 6350 TYPE values as TYPE, any other label as an `itemN.`
   * group with `itemN.X-ABLabel` (as Apple writes it), so reading the card back gives the
   * same type. `preferred` marks the first of several values (4.0 `PREF=1`, 3.0 `TYPE=pref`).
   */
  typed(prop: VCardProperty, type: string, preferred = false): void {
    const params = { ...prop.params };
    const types = isVCardType(type) ? type.split(',') : [];
    if (preferred && this.version === '3.0') types.push('pref');
    if (preferred && this.version === '4.0') params.pref = '1';
    if (types.length) params.type = types.join(',');
    if (type && !isVCardType(type)) {
      this.group++;
      const group = `item${this.group}`;
      this.props.push({ ...prop, params, group });
      this.props.push({ name: 'X-ABLabel', group, value: type });
    } else {
      this.props.push({ ...prop, params });
    }
  }

  /** A list's values, the first marked preferred when there are several. */
  list(name: string, values: TypedValue[], prop: (value: TypedValue) => Partial<VCardProperty>) {
    values.forEach((value, i) =>
      this.typed(
        { name, value: value.value, ...prop(value) },
        value.type,
        i === 0 && values.length > 1,
      ),
    );
  }
}

function addressProperty(address: PostalAddress): VCardProperty {
  return {
    name: 'ADR',
    value: [
      address.poBox,
      address.extended,
      address.street,
      address.locality,
      address.region,
      address.postalCode,
      address.country,
    ],
  };
}

/**
 * A date other than the birthday: 4.0 ANNIVERSARY for the anniversary; otherwise (and in
 * 3.0, which has no ANNIVERSARY) Apple's `X-ABDATE` with its label, `_$!<Anniversary>!$_`
 * for the anniversary, as Apple's clients write it.
 */
function addDate(writer: CardWriter, date: ContactDate): void {
  const anniversary = date.type === 'anniversary';
  if (writer.version === '4.0' && anniversary) {
    const value = birthdayValue(date.day, date.month, date.year)!;
    writer.add({ name: 'ANNIVERSARY', value, raw: true });
    return;
  }
  const { value, ...params } =
    writer.version === '3.0'
      ? date30(date.day, date.month, date.year)
      : { value: birthdayValue(date.day, date.month, date.year)! };
  const label = anniversary ? '_$!<Anniversary>!$_' : date.type;
  writer.typed({ name: 'X-ABDATE', params, value, raw: true }, label || 'other');
}

/** An imported property Kith has no field for, written again as it came. */
function addExtra(writer: CardWriter, field: ContactExtraField): void {
  const prop: VCardProperty = {
    name: field.name,
    value: field.components ?? field.value,
    raw: !field.components && RAW_VALUES.has(field.name),
  };
  if (writer.version === '4.0' && ['TEL', 'RELATED', 'BDAY'].includes(field.name)) {
    prop.params = { value: 'text' };
  }
  // 3.0 reads PHOTO, LOGO and SOUND as inline bytes unless told they are addresses.
  if (writer.version === '3.0' && ['PHOTO', 'LOGO', 'SOUND'].includes(field.name)) {
    prop.params = { value: 'uri' };
  }
  writer.typed(prop, field.label);
}

/** FN: the whole name with its prefixes, middle names and suffixes ("Dr. Ada King Lovelace"). */
export function formattedName(
  contact: Pick<
    ContactRow,
    'honorificPrefixes' | 'givenName' | 'additionalNames' | 'familyName' | 'honorificSuffixes'
  >,
): string {
  return [contact.honorificPrefixes, contact.givenName, contact.additionalNames, contact.familyName]
    .filter(Boolean)
    .join(' ')
    .concat(contact.honorificSuffixes ? `, ${contact.honorificSuffixes}` : '');
}

/**
 * One contact as a vCard, 4.0 (RFC 6350) by default or 3.0 (RFC 2426, for Apple's clients):
 * FN and N with every part, NICKNAME, every EMAIL, TEL, ADR, URL and IMPP with its type (the
 * first of several preferred), ORG with its units, TITLE, BDAY, ANNIVERSARY and labelled
 * dates, RELATED (Apple's X-ABRELATEDNAMES in 3.0), NOTE, an embedded PHOTO, its labels as
 * CATEGORIES (§6.7.1, with `starred` for a favorite, as Google writes it), every extra field
 * kept from an import, UID (the card's own, `urn:uuid:<id>` unless a CardDAV client chose it)
 * and REV.
 */
export function contactToVCard(
  contact: ContactRow,
  photo?: EmbeddedPhoto | null,
  categories: string[] = [],
  version: VCardVersion = '4.0',
): string {
  return formatVCard(contactProperties(contact, photo, categories, version), version);
}

/**
 * The properties `contactToVCard` writes, in its order, without BEGIN, VERSION and END: a
 * labelled value and its `X-ABLabel` share an `itemN` group, numbered from 1.
 */
export function contactProperties(
  contact: ContactRow,
  photo: EmbeddedPhoto | null | undefined,
  categories: string[],
  version: VCardVersion,
): VCardProperty[] {
  const writer = new CardWriter(version);
  const v4 = version === '4.0';
  // A stand-in name is the screen's, never the card's: FN empty, N without parts (RFC 6350
  // §6.2.1 and RFC 2426 §3.1.2 want both present, not filled).
  const named = !contact.nameIsStandIn;
  writer.add({
    name: 'FN',
    // FN as the card or file wrote it ("Grandma"), else the whole name its parts make.
    value: named
      ? contact.formattedName ||
        formattedName(contact) ||
        combinedName(contact.givenName, contact.familyName)
      : '',
  });
  writer.add({
    name: 'N',
    value: named
      ? [
          contact.familyName,
          contact.givenName,
          contact.additionalNames,
          contact.honorificPrefixes,
          contact.honorificSuffixes,
        ]
      : ['', '', '', '', ''],
  });
  if (contact.nickname) writer.add({ name: 'NICKNAME', value: contact.nickname });
  writer.list('EMAIL', contact.emails, () => ({}));
  writer.list('TEL', contact.phones, () => (v4 ? { params: { value: 'text' } } : {}));
  contact.addresses.forEach((address, i) =>
    writer.typed(addressProperty(address), address.type, i === 0 && contact.addresses.length > 1),
  );
  if (contact.org || contact.orgUnits.length > 0) {
    writer.add({ name: 'ORG', value: [contact.org ?? '', ...contact.orgUnits] });
  }
  if (contact.title) writer.add({ name: 'TITLE', value: contact.title });
  writer.list('URL', contact.urls, () => ({ raw: true }));
  writer.list('IMPP', contact.impps, () => ({ raw: true }));
  const bday = birthdayValue(contact.birthdayDay, contact.birthdayMonth, contact.birthdayYear);
  if (bday && v4) writer.add({ name: 'BDAY', value: bday, raw: true });
  if (bday && !v4) {
    const { value, ...params } = date30(
      contact.birthdayDay!,
      contact.birthdayMonth!,
      contact.birthdayYear,
    );
    writer.add({ name: 'BDAY', params, value, raw: true });
  }
  for (const date of contact.dates) addDate(writer, date);
  writer.list(v4 ? 'RELATED' : 'X-ABRELATEDNAMES', contact.related, () =>
    v4 ? { params: { value: 'text' } } : {},
  );
  if (contact.note) writer.add({ name: 'NOTE', value: contact.note });
  if (photo) {
    const data = Buffer.from(photo.bytes).toString('base64');
    writer.add(
      v4
        ? { name: 'PHOTO', value: `data:${photo.contentType};base64,${data}`, raw: true }
        : {
            name: 'PHOTO',
            params: {
              encoding: 'b',
              type: photo.contentType.replace(/^image\//, '').toUpperCase(),
            },
            value: data,
            raw: true,
          },
    );
  }
  // Google's vCards mark favorites with the category `starred`; Kith reads it back so.
  if (contact.isFavorite) categories = [...categories, STARRED];
  if (categories.length > 0) {
    // CATEGORIES is a comma-separated list of text values, each escaped on its own.
    writer.add({ name: 'CATEGORIES', value: categories.map(escapeText).join(','), raw: true });
  }
  for (const field of contact.extra ?? []) addExtra(writer, field);
  // The UID a CardDAV client gave the card, else `urn:uuid:<id>` (set by the database).
  writer.add({ name: 'UID', value: contact.uid || `urn:uuid:${contact.id}`, raw: true });
  writer.add({ name: 'REV', value: timestamp(contact.updatedAt), raw: true });
  return writer.props;
}
