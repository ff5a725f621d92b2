import type { ContactExtraField, schema } from '@kith/db';
import { combinedName } from '../contacts/contact-dto';
import { escapeText, formatVCard, type VCardProperty } from './write';

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

/** TYPE values of RFC 6350 (§6.4.1, §6.4.2); any other label is written as Apple's X-ABLabel. */
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
]);

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

/** Extras that are parts of N rather than properties of their own. */
const NAME_PARTS = new Set(['X-NAME-PREFIX', 'X-NAME-SUFFIX']);

/**
 * The contact's extra fields as properties: a label made of RFC 6350 TYPE values becomes
 * TYPE, any other label ties an `itemN.` group to an `itemN.X-ABLabel` (as Apple writes it),
 * so reading the card back gives the same labels.
 */
function extraProperties(extra: ContactExtraField[]): VCardProperty[] {
  const props: VCardProperty[] = [];
  let group = 0;
  for (const field of extra) {
    if (NAME_PARTS.has(field.name)) continue;
    const prop: VCardProperty = {
      name: field.name,
      value: field.components ?? field.value,
      raw: !field.components && RAW_VALUES.has(field.name),
    };
    if (field.name === 'TEL' || field.name === 'RELATED' || field.name === 'BDAY') {
      prop.params = { value: 'text' };
    }
    const label = field.label;
    if (label && label.split(',').every((type) => VCARD_TYPES.has(type))) {
      prop.params = { ...prop.params, type: label };
      props.push(prop);
    } else if (label) {
      group++;
      props.push({ ...prop, group: `item${group}` });
      props.push({ name: 'X-ABLabel', group: `item${group}`, value: label });
    } else {
      props.push(prop);
    }
  }
  return props;
}

const namePart = (extra: ContactExtraField[], name: string) =>
  extra.find((field) => field.name === name)?.value ?? '';

/**
 * One contact as a vCard 4.0: FN and N from the given and family name (with any imported
 * prefix and suffix), EMAIL, TEL, ORG, TITLE, ADR (street, locality, postal code, country),
 * BDAY, an embedded PHOTO as a data URI, its labels as CATEGORIES (§6.7.1, with `starred` for
 * a favorite, as Google writes it), every extra
 * field kept from an import, UID (`urn:uuid:`) and REV.
 */
export function contactToVCard(
  contact: ContactRow,
  photo?: EmbeddedPhoto | null,
  categories: string[] = [],
): string {
  const extra = contact.extra ?? [];
  const props: VCardProperty[] = [
    { name: 'FN', value: combinedName(contact.givenName, contact.familyName) },
    {
      name: 'N',
      value: [
        contact.familyName,
        contact.givenName,
        '',
        namePart(extra, 'X-NAME-PREFIX'),
        namePart(extra, 'X-NAME-SUFFIX'),
      ],
    },
  ];
  if (contact.email) props.push({ name: 'EMAIL', value: contact.email });
  if (contact.phone) props.push({ name: 'TEL', params: { value: 'text' }, value: contact.phone });
  if (contact.company) props.push({ name: 'ORG', value: [contact.company] });
  if (contact.jobTitle) props.push({ name: 'TITLE', value: contact.jobTitle });
  if (contact.streetAddress || contact.city || contact.postCode || contact.country) {
    props.push({
      name: 'ADR',
      value: [
        '',
        '',
        contact.streetAddress ?? '',
        contact.city ?? '',
        '',
        contact.postCode ?? '',
        contact.country ?? '',
      ],
    });
  }
  const bday = birthdayValue(contact.birthdayDay, contact.birthdayMonth, contact.birthdayYear);
  if (bday) props.push({ name: 'BDAY', value: bday, raw: true });
  if (photo) {
    const data = Buffer.from(photo.bytes).toString('base64');
    props.push({ name: 'PHOTO', value: `data:${photo.contentType};base64,${data}`, raw: true });
  }
  // Google's vCards mark favorites with the category `starred`; Kith reads it back so.
  if (contact.isFavorite) categories = [...categories, STARRED];
  if (categories.length > 0) {
    // CATEGORIES is a comma-separated list of text values, each escaped on its own.
    props.push({ name: 'CATEGORIES', value: categories.map(escapeText).join(','), raw: true });
  }
  props.push(...extraProperties(extra));
  props.push({ name: 'UID', value: `urn:uuid:${contact.id}`, raw: true });
  props.push({ name: 'REV', value: timestamp(contact.updatedAt), raw: true });
  return formatVCard(props);
}
