import type { schema, TypedValue } from '@kith/db';
import { isVCardType } from '../vcard/contact-vcard';

type ContactRow = typeof schema.contacts.$inferSelect;

/**
 * A cell a spreadsheet would evaluate as a formula (OWASP "CSV Injection"): one starting
 * with `=`, `@`, a tab or a CR, or with `+` or `-` unless all that follows is a phone
 * number's digits, spaces, dots, dashes and brackets, so `+1 555 0100` is written as it
 * is and Google Contacts and Outlook import it cleanly. Export writes such a cell after a
 * `'`; import takes that `'` off again.
 */
export const SPREADSHEET_FORMULA = /^(?:[=@\t\r]|[+-](?![\d\s().-]*$))/;

/**
 * The columns of Google Contacts' CSV export (2024 headers) that every Kith export has.
 * Google, Outlook and most address books import this file.
 */
export const GOOGLE_CSV_COLUMNS = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Name Prefix',
  'Name Suffix',
  'Nickname',
  'Birthday',
  'Notes',
  'Photo',
  'Labels',
  'E-mail 1 - Label',
  'E-mail 1 - Value',
  'Phone 1 - Label',
  'Phone 1 - Value',
  'Address 1 - Label',
  'Address 1 - Street',
  'Address 1 - City',
  'Address 1 - Postal Code',
  'Address 1 - Country',
  'Organization Name',
  'Organization Title',
  'Organization Department',
] as const;

/** Google's separator between the labels of one contact (and the values of one cell). */
export const GOOGLE_LABEL_SEPARATOR = ' ::: ';

/** The order numbered column groups come in after the fixed ones. */
const GROUP_ORDER = [
  'E-mail',
  'Phone',
  'Address',
  'Website',
  'IM',
  'Relation',
  'Event',
  'Custom Field',
];
const ADDRESS_PARTS = [
  'Street',
  'Extended Address',
  'PO Box',
  'City',
  'Region',
  'Postal Code',
  'Country',
];

/** How Google names RFC 6350 TYPE values: `cell` is "Mobile", `work,fax` "Work Fax". */
const GOOGLE_TYPE_NAMES: Record<string, string> = { cell: 'Mobile' };

/**
 * A type as Google's CSV labels it: TYPE values by Google's names (read back by the
 * importer's `normaliseType`), a person's own label as it is.
 */
export function googleTypeLabel(type: string): string {
  if (!isVCardType(type)) return type;
  return type
    .split(',')
    .map((t) => GOOGLE_TYPE_NAMES[t] ?? t.charAt(0).toUpperCase() + t.slice(1))
    .join(' ');
}

/** RFC 6350 §3.4: a structured value's parts, each escaped, joined with `;`. */
export function joinComponents(components: string[]): string {
  return components.map((part) => part.replace(/[\\;,]/g, (c) => `\\${c}`)).join(';');
}

/** The inverse of `joinComponents`: parts split at unescaped `;`, each unescaped. */
export function splitComponents(value: string): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === '\\' && i + 1 < value.length) part += value[++i];
    else if (char === ';') {
      parts.push(part);
      part = '';
    } else part += char;
  }
  return [...parts, part];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Google's date columns: `1985-12-10`, or `--12-10` without a year. */
function googleDate(day: number | null, month: number | null, year: number | null): string {
  if (!day || !month) return '';
  return `${year ? pad(year, 4) : '-'}-${pad(month)}-${pad(day)}`;
}

/**
 * One contact as a Google CSV record, column name to value: the name's parts, every email,
 * phone, address (all seven parts), web address, chat handle, related person and date in
 * Google's numbered columns with its type (`E-mail 2 - Label`: "Work"), the organisation and
 * its department, the note; then every extra field as a custom field named after its vCard
 * property (`X-SOCIALPROFILE (twitter)`), so importing the file into Kith gives the same
 * contact back.
 */
export function csvRecord(
  contact: ContactRow,
  photoUrl: string,
  labelNames: string[],
): Record<string, string> {
  const record: Record<string, string> = {
    'First Name': contact.givenName,
    'Middle Name': contact.additionalNames,
    'Last Name': contact.familyName,
    'Name Prefix': contact.honorificPrefixes,
    'Name Suffix': contact.honorificSuffixes,
    Nickname: contact.nickname,
    Birthday: googleDate(contact.birthdayDay, contact.birthdayMonth, contact.birthdayYear),
    Notes: contact.note,
    Photo: photoUrl,
    Labels: [...labelNames, ...(contact.isFavorite ? ['* starred'] : [])].join(
      GOOGLE_LABEL_SEPARATOR,
    ),
    'Organization Name': contact.org ?? '',
    'Organization Title': contact.title ?? '',
    'Organization Department': contact.orgUnits.length ? joinComponents(contact.orgUnits) : '',
  };
  const next: Record<string, number> = {};
  const put = (group: string, label: string, values: Record<string, string>) => {
    const n = (next[group] = (next[group] ?? 0) + 1);
    record[`${group} ${n} - Label`] = label;
    for (const [part, value] of Object.entries(values)) record[`${group} ${n} - ${part}`] = value;
  };
  const putList = (group: string, list: TypedValue[]) => {
    for (const item of list) put(group, googleTypeLabel(item.type), { Value: item.value });
  };
  putList('E-mail', contact.emails);
  putList('Phone', contact.phones);
  for (const address of contact.addresses) {
    const parts = [
      address.street,
      address.extended,
      address.poBox,
      address.locality,
      address.region,
      address.postalCode,
      address.country,
    ];
    put(
      'Address',
      googleTypeLabel(address.type),
      Object.fromEntries(ADDRESS_PARTS.map((part, i) => [part, parts[i]!])),
    );
  }
  putList('Website', contact.urls);
  putList('IM', contact.impps);
  putList('Relation', contact.related);
  for (const date of contact.dates) {
    const label = date.type === 'anniversary' ? 'Anniversary' : date.type;
    put('Event', label, { Value: googleDate(date.day, date.month, date.year) });
  }
  for (const field of contact.extra ?? []) {
    // A photo address that could not be fetched, a birthday that was not a date: their column.
    if (field.name === 'PHOTO' && !record.Photo) record.Photo = field.value;
    else if (field.name === 'BDAY' && !record.Birthday) record.Birthday = field.value;
    else {
      const label =
        field.name === 'X-CUSTOM'
          ? field.label
          : field.name + (field.label ? ` (${field.label})` : '');
      // A structured property (a second ORG with its units) keeps its parts as vCard writes
      // them, `Harvard University;Computation Lab`, so reading the file back splits them.
      const value = field.components ? joinComponents(field.components) : field.value;
      put('Custom Field', label, { Value: value });
    }
  }
  return record;
}

function columnRank(column: string): number[] {
  const numbered = /^(.+) (\d+) - (.+)$/.exec(column);
  if (!numbered) {
    const fixed = (GOOGLE_CSV_COLUMNS as readonly string[]).indexOf(column);
    return fixed >= 0 ? [0, fixed] : [3, 0];
  }
  const part = numbered[3] === 'Label' ? -1 : ADDRESS_PARTS.indexOf(numbered[3]!);
  return [2, GROUP_ORDER.indexOf(numbered[1]!), Number(numbered[2]), part];
}

/** Every column the records use: the fixed ones first, then Google's order of the rest. */
export function csvColumns(records: Record<string, string>[]): string[] {
  const columns = new Set<string>(GOOGLE_CSV_COLUMNS);
  for (const record of records) for (const column of Object.keys(record)) columns.add(column);
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (a[i] ?? 0) - (b[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  };
  return [...columns].sort((a, b) => compare(columnRank(a), columnRank(b)));
}
