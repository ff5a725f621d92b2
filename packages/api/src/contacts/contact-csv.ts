import type { ContactExtraField, schema } from '@kith/db';

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
  'Last Name',
  'Birthday',
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
] as const;

/** Google's separator between the labels of one contact (and the values of one cell). */
export const GOOGLE_LABEL_SEPARATOR = ' ::: ';

/** Google's single columns an extra field goes to, by its vCard name. */
const SINGLE_COLUMNS: Record<string, string> = {
  'X-NAME-PREFIX': 'Name Prefix',
  'X-NAME-SUFFIX': 'Name Suffix',
  NICKNAME: 'Nickname',
  NOTE: 'Notes',
};

/** Google's numbered column groups an extra field goes to, by its vCard name. */
const NUMBERED_COLUMNS: Record<string, string> = {
  EMAIL: 'E-mail',
  TEL: 'Phone',
  ADR: 'Address',
  URL: 'Website',
  RELATED: 'Relation',
  'X-EVENT': 'Event',
  ANNIVERSARY: 'Event',
  IMPP: 'IM',
  'X-CUSTOM': 'Custom Field',
};

/** The order extra columns come in after the fixed ones. */
const GROUP_ORDER = [
  'E-mail',
  'Phone',
  'Address',
  'Website',
  'Relation',
  'Event',
  'IM',
  'Custom Field',
];
const SINGLE_ORDER = ['Name Prefix', 'Name Suffix', 'Nickname', 'Notes'];
const ADDRESS_PARTS = [
  'PO Box',
  'Extended Address',
  'Street',
  'City',
  'Region',
  'Postal Code',
  'Country',
];

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

/** Google's Birthday column: `1985-12-10`, or `--12-10` without a year. */
function googleBirthday(contact: ContactRow): string {
  const { birthdayDay: day, birthdayMonth: month, birthdayYear: year } = contact;
  if (!day || !month) return '';
  return `${year ? pad(year, 4) : '-'}-${pad(month)}-${pad(day)}`;
}

/**
 * One contact as a Google CSV record, column name to value: the fixed columns, then each
 * extra field in Google's own column (`E-mail 2 - …`, `Address 2 - …`, `Website 1 - …`,
 * `Notes`, `Custom Field 1 - …`), so importing the file into Kith or Google keeps it. A
 * property Google has no column for becomes a custom field named after it.
 */
export function csvRecord(
  contact: ContactRow,
  photoUrl: string,
  labelNames: string[],
): Record<string, string> {
  const hasAddress = contact.streetAddress || contact.city || contact.postCode || contact.country;
  const record: Record<string, string> = {
    'First Name': contact.givenName,
    'Last Name': contact.familyName,
    Birthday: googleBirthday(contact),
    Photo: photoUrl,
    Labels: [...labelNames, ...(contact.isFavorite ? ['* starred'] : [])].join(
      GOOGLE_LABEL_SEPARATOR,
    ),
    'E-mail 1 - Label': contact.email ? '* Home' : '',
    'E-mail 1 - Value': contact.email ?? '',
    'Phone 1 - Label': contact.phone ? 'Mobile' : '',
    'Phone 1 - Value': contact.phone ?? '',
    'Address 1 - Label': hasAddress ? 'Home' : '',
    'Address 1 - Street': contact.streetAddress ?? '',
    'Address 1 - City': contact.city ?? '',
    'Address 1 - Postal Code': contact.postCode ?? '',
    'Address 1 - Country': contact.country ?? '',
    'Organization Name': contact.company ?? '',
    'Organization Title': contact.jobTitle ?? '',
  };
  // The primary email, phone and address are number 1 of their group.
  const next: Record<string, number> = { 'E-mail': 2, Phone: 2, Address: 2 };
  const put = (field: ContactExtraField) => {
    const single = SINGLE_COLUMNS[field.name];
    if (single && !record[single]) {
      record[single] = field.value;
      return;
    }
    if (field.name === 'BDAY' && !record.Birthday) {
      record.Birthday = field.value;
      return;
    }
    if (field.name === 'PHOTO' && !record.Photo) {
      record.Photo = field.value;
      return;
    }
    let group = NUMBERED_COLUMNS[field.name];
    let label = field.label;
    if (!group || (single && record[single])) {
      group = 'Custom Field';
      label = field.name === 'X-CUSTOM' ? label : field.name + (label ? ` (${label})` : '');
    }
    if (field.name === 'ANNIVERSARY') label = 'Anniversary';
    const n = next[group] ?? 1;
    next[group] = n + 1;
    record[`${group} ${n} - Label`] = label;
    if (group === 'Address') {
      const parts = field.components ?? ['', '', field.value];
      ADDRESS_PARTS.forEach((part, i) => (record[`Address ${n} - ${part}`] = parts[i] ?? ''));
    } else if (group === 'Custom Field' && field.components) {
      // A structured property (a second ORG with its units) keeps its parts as vCard writes
      // them, `Harvard University;Computation Lab`, so reading the file back splits them again.
      record[`${group} ${n} - Value`] = joinComponents(field.components);
    } else {
      record[`${group} ${n} - Value`] = field.value;
    }
  };
  for (const field of contact.extra ?? []) put(field);
  return record;
}

function columnRank(column: string): number[] {
  const fixed = (GOOGLE_CSV_COLUMNS as readonly string[]).indexOf(column);
  if (fixed >= 0) return [0, fixed];
  const single = SINGLE_ORDER.indexOf(column);
  if (single >= 0) return [1, single];
  const numbered = /^(.+) (\d+) - (.+)$/.exec(column);
  if (!numbered) return [3, 0];
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
