import type { ExtraField, ImportColumnTarget } from '@kith/validators';
import Papa from 'papaparse';
import { GOOGLE_LABEL_SEPARATOR, splitComponents, SPREADSHEET_FORMULA } from '../contacts';
import {
  collect,
  dateOrderOf,
  emptyDraft,
  type ContactDraft,
  type DateOrder,
  type ReadResult,
} from '../vcard/draft';
import { cooperative } from '../shared/event-loop';

/** The CSV layouts Kith recognises by their header row. */
export type CsvLayout = 'google' | 'google-legacy' | 'outlook' | 'thunderbird' | 'other';

/** A CSV file read into its header row and data rows (empty lines skipped). */
export interface CsvTable {
  headers: string[];
  rows: string[][];
}

/**
 * Reads CSV text with papaparse: the first row is the header; a BOM is dropped; a cell that
 * an export escaped against formula injection (`'=...`) is read back as it was.
 */
export function readCsvTable(content: string): CsvTable {
  const parsed = Papa.parse<string[]>(content.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    transform: unescapeFormula,
  });
  const [headers = [], ...rows] = parsed.data;
  return { headers: headers.map((h) => h.trim()), rows };
}

/** A cell an export escaped against formula injection (`'=...`), read back as it was. */
export function unescapeFormula(cell: string): string {
  return cell.startsWith("'") && SPREADSHEET_FORMULA.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * Which address book wrote the file: Google Contacts (its 2024 headers, `First Name` and
 * `E-mail 1 - Value`, or its legacy ones, `Given Name` and `Group Membership`), Outlook
 * (`E-mail Address`, `Mobile Phone`, `Business Phone`...), Thunderbird (`Primary Email`,
 * `Display Name`, `Mobile Number`, `Birth Year`...), or something else, which needs the
 * person to say where each column goes.
 */
export function detectCsvLayout(headers: string[]): CsvLayout {
  const has = (name: string) => headers.includes(name);
  if (has('Given Name') && (has('Group Membership') || has('E-mail 1 - Type'))) {
    return 'google-legacy';
  }
  if (has('First Name') && (has('E-mail 1 - Value') || has('Phone 1 - Value') || has('Labels'))) {
    return 'google';
  }
  if (has('First Name') && (has('E-mail Address') || has('Mobile Phone') || has('Business Phone')))
    return 'outlook';
  if (
    has('First Name') &&
    has('Primary Email') &&
    (has('Display Name') || has('Mobile Number') || has('Birth Year'))
  ) {
    return 'thunderbird';
  }
  return 'other';
}

/** Google joins several values of one cell with ` ::: `. */
const splitGoogle = (value: string) =>
  value
    .split(GOOGLE_LABEL_SEPARATOR)
    .map((v) => v.trim())
    .filter(Boolean);

/** Google's mark for the primary value (`* Home`) and its system groups. */
const googleLabel = (label: string) => label.replace(/^\*\s*/, '').trim();

const NUMBERED =
  /^(E-mail|Phone|Address|Website|Relation|Event|Custom Field|IM|Organization) (\d+) - (.+)$/;

/** Numbered Google columns read into a list of the contact. */
const GOOGLE_LISTS = { Website: 'urls', Relation: 'related', IM: 'impps' } as const;

/** Google's single columns read into a text part of the contact. */
const GOOGLE_TEXTS = {
  Nickname: 'nickname',
  Notes: 'note',
  'Name Prefix': 'honorificPrefixes',
  'Name Suffix': 'honorificSuffixes',
  'Middle Name': 'additionalNames',
  'Additional Name': 'additionalNames',
} as const;

function customField(header: string, value: string): ExtraField {
  return { name: 'X-CUSTOM', label: header, value };
}

/** RFC 6350 property names, which a Kith CSV export writes as custom field labels. */
const VCARD_NAMES = new Set(
  'SOURCE KIND XML FN N NICKNAME PHOTO BDAY ANNIVERSARY GENDER ADR TEL EMAIL IMPP LANG TZ GEO TITLE ROLE LOGO ORG MEMBER RELATED CATEGORIES NOTE PRODID REV SOUND UID CLIENTPIDMAP URL KEY FBURL CALADRURI CALURI'.split(
    ' ',
  ),
);

/**
 * A Google custom field. One whose label is a vCard property name, with its label in
 * brackets (`X-SOCIALPROFILE (twitter)`), is how Kith's CSV export writes a property Google
 * has no column for: it is read back as that property.
 */
function googleCustomField(label: string, value: string): ExtraField {
  const property = /^(X-[A-Z0-9-]+|[A-Z]+)(?: \((.*)\))?$/.exec(label);
  if (property && (property[1]!.startsWith('X-') || VCARD_NAMES.has(property[1]!))) {
    const name = property[1]!;
    if (STRUCTURED.has(name)) {
      // Written by Kith's export with its parts (`joinComponents`): split them again.
      const components = splitComponents(value);
      return {
        name,
        label: property[2] ?? '',
        value: components.filter(Boolean).join(', '),
        components,
      };
    }
    return { name, label: property[2] ?? '', value };
  }
  return customField(label, value);
}

/** vCard properties whose value has parts (RFC 6350 N, ADR, ORG, GENDER). */
const STRUCTURED = new Set(['N', 'ADR', 'ORG', 'GENDER']);

/**
 * One row of a Google Contacts CSV, current or legacy headers. Emails and phones may hold
 * several values in one cell; `Labels` / `Group Membership` are split on ` ::: `, with Google's
 * own `* myContacts` dropped and `* starred` making the contact a favorite. Any column Kith
 * has no place for is kept as a custom field named after its header.
 */
function googleDraft(row: number, headers: string[], cells: string[]): ContactDraft {
  const draft = emptyDraft(row);
  const groups = new Map<string, Record<string, string>>();
  headers.forEach((header, i) => {
    const value = (cells[i] ?? '').trim();
    if (!value) return;
    const numbered = NUMBERED.exec(header);
    if (numbered) {
      const key = `${numbered[1]} ${numbered[2]}`;
      const group = groups.get(key) ?? { kind: numbered[1]! };
      group[numbered[3]!] = value;
      groups.set(key, group);
      return;
    }
    switch (header) {
      case 'First Name':
      case 'Given Name':
        draft.givenName = value;
        break;
      case 'Last Name':
      case 'Family Name':
        draft.familyName = value;
        break;
      case 'Name':
        draft.fullName = value;
        break;
      case 'Organization Name':
        draft.org = value;
        break;
      case 'Organization Title':
        draft.title = value;
        break;
      case 'Organization Department':
        draft.orgUnits = splitComponents(value).filter(Boolean);
        break;
      case 'Birthday':
        draft.birthday = value;
        break;
      case 'Photo':
        draft.photo = value;
        break;
      case 'Labels':
      case 'Group Membership':
        for (const label of splitGoogle(value)) {
          const name = googleLabel(label);
          if (label.startsWith('*') && name.toLowerCase() === 'starred') draft.isFavorite = true;
          else if (!(
            label.startsWith('*') && name.toLowerCase().replace(/\s/g, '') === 'mycontacts'
          )) {
            draft.labels.push(name);
          }
        }
        break;
      default:
        if (header in GOOGLE_TEXTS)
          draft[GOOGLE_TEXTS[header as keyof typeof GOOGLE_TEXTS]] = value;
        else draft.extra.push(customField(header, value));
    }
  });

  for (const group of groups.values()) {
    const kind = group.kind!;
    const label = googleLabel(group.Label ?? group.Type ?? '');
    if (kind === 'E-mail' || kind === 'Phone') {
      const list = kind === 'E-mail' ? draft.emails : draft.phones;
      for (const value of splitGoogle(group.Value ?? '')) list.push({ value, type: label });
    } else if (kind === 'Address') {
      const components = [
        group['PO Box'] ?? '',
        group['Extended Address'] ?? '',
        group.Street ?? '',
        group.City ?? '',
        group.Region ?? '',
        group['Postal Code'] ?? '',
        group.Country ?? '',
      ];
      if (components.some(Boolean)) draft.addresses.push({ components, type: label });
      else if (group.Formatted) {
        draft.addresses.push({ components: ['', '', group.Formatted], type: label });
      }
    } else if (kind === 'Organization') {
      // Legacy headers: `Organization 1 - Name`, `- Title`, `- Department`, the rest kept.
      for (const [part, value] of Object.entries(group)) {
        if (part === 'kind' || part === 'Type') continue;
        if (part === 'Name' && !draft.org) draft.org = value;
        else if (part === 'Title' && !draft.title) draft.title = value;
        else if (part === 'Department' && draft.orgUnits.length === 0) {
          draft.orgUnits = splitComponents(value).filter(Boolean);
        } else draft.extra.push(customField(`${kind} - ${part}`, value));
      }
    } else if (kind === 'IM') {
      // Kith writes the whole address (`xmpp:ada@example.org`); Google a service and a handle.
      const service = group.Service && !group.Value?.includes(':') ? `${group.Service}:` : '';
      const value = group.Value ? service.toLowerCase() + group.Value : '';
      if (value) draft.impps.push({ value, type: label });
    } else if (kind === 'Event') {
      const type = label.toLowerCase() === 'anniversary' ? 'anniversary' : label || 'other';
      if (group.Value) draft.dates.push({ value: group.Value, type });
    } else if (kind === 'Custom Field') {
      if (group.Value) draft.extra.push(googleCustomField(label, group.Value));
    } else {
      const list = draft[GOOGLE_LISTS[kind as keyof typeof GOOGLE_LISTS]];
      for (const value of splitGoogle(group.Value ?? '')) list.push({ value, type: label });
    }
  }
  return draft;
}

/** Outlook's phone columns, the ones most likely to be a person's own number first. */
const OUTLOOK_PHONE_ORDER = ['Mobile Phone', 'Primary Phone', 'Home Phone', 'Business Phone'];

/**
 * Outlook's columns of people, read as RELATED (RFC 6350 §6.6.6) with their type: `spouse`
 * and `child` are RFC 6350's own TYPE values, `manager` and `assistant` the labels Apple
 * writes for them (its X-ABRELATEDNAMES); Outlook may list several children in one cell.
 */
const OUTLOOK_RELATED: [string, string][] = [
  ['Spouse', 'spouse'],
  ['Children', 'child'],
  ["Manager's Name", 'manager'],
  ["Assistant's Name", 'assistant'],
];

/** Outlook's defaults for columns nobody filled: not worth keeping. */
const OUTLOOK_DEFAULTS: Record<string, string> = {
  Priority: 'Normal',
  Sensitivity: 'Normal',
  Gender: 'Unspecified',
  Private: 'False',
  Birthday: '0/0/00',
  Anniversary: '0/0/00',
};

/**
 * One row of an Outlook CSV: three emails, phones from every `… Phone` / `… Fax` / `Pager`
 * column (mobile first), Home, Business and Other addresses (`Business City`, `Business
 * State`, `Business Postal Code`, `Business Country/Region`...), `Department` as the ORG
 * unit, `Spouse`, `Children`, `Manager's Name` and `Assistant's Name` as related people
 * (`OUTLOOK_RELATED`), `Categories` as labels (split on `;` or `,`), and every other filled
 * column as a custom field named after its header.
 */
function outlookDraft(row: number, headers: string[], cells: string[]): ContactDraft {
  const draft = emptyDraft(row);
  const value = (header: string) => (cells[headers.indexOf(header)] ?? '').trim();
  const consumed = new Set<string>();
  const take = (header: string) => {
    consumed.add(header);
    const v = value(header);
    return v === OUTLOOK_DEFAULTS[header] ? '' : v;
  };

  draft.givenName = take('First Name');
  draft.additionalNames = take('Middle Name');
  draft.familyName = take('Last Name');
  draft.honorificPrefixes = take('Title');
  draft.honorificSuffixes = take('Suffix');
  draft.nickname = take('Nickname');
  draft.note = take('Notes');
  draft.org = take('Company');
  const department = take('Department');
  if (department) draft.orgUnits = [department];
  draft.title = take('Job Title');
  draft.birthday = take('Birthday');
  for (const header of ['E-mail Address', 'E-mail 2 Address', 'E-mail 3 Address']) {
    const email = take(header);
    if (email) draft.emails.push({ value: email, type: '' });
    consumed.add(header.replace('Address', 'Display Name'));
    consumed.add(header.replace('Address', 'Type'));
  }
  const phoneHeaders = headers.filter((h) => /(Phone|Fax|Pager)( \d)?$/.test(h));
  phoneHeaders.sort((a, b) => rank(a) - rank(b));
  for (const header of phoneHeaders) {
    const phone = take(header);
    if (phone) draft.phones.push({ value: phone, type: header.replace(/ Phone$/, '') });
  }
  for (const kind of ['Home', 'Business', 'Other']) {
    const street = [take(`${kind} Street`), take(`${kind} Street 2`), take(`${kind} Street 3`)]
      .filter(Boolean)
      .join(', ');
    const components = [
      take(`${kind} PO Box`) || take(`${kind} Address PO Box`),
      '',
      street,
      take(`${kind} City`),
      take(`${kind} State`),
      take(`${kind} Postal Code`),
      take(`${kind} Country/Region`) || take(`${kind} Country`),
    ];
    // `Business Address` is the whole address in one text, which Outlook also splits up.
    const formatted = take(`${kind} Address`);
    if (components.some(Boolean)) draft.addresses.push({ components, type: kind });
    else if (formatted) draft.addresses.push({ components: ['', '', formatted], type: kind });
  }
  const categories = take('Categories');
  if (categories) draft.labels.push(...categories.split(/[;,]/));
  const web = take('Web Page');
  if (web) draft.urls.push({ value: web, type: '' });
  const personal = take('Personal Web Page');
  if (personal) draft.urls.push({ value: personal, type: 'Personal' });
  const anniversary = take('Anniversary');
  if (anniversary) draft.dates.push({ value: anniversary, type: 'anniversary' });
  for (const [header, type] of OUTLOOK_RELATED) {
    const names = take(header);
    const values = header === 'Children' ? names.split(/[;,]/) : [names];
    for (const name of values.map((v) => v.trim()).filter(Boolean)) {
      draft.related.push({ value: name, type });
    }
  }
  headers.forEach((header) => {
    if (consumed.has(header)) return;
    const v = take(header);
    if (v) draft.extra.push(customField(header, v));
  });
  return draft;
}

/** Thunderbird's phone columns, with their RFC 6350 TYPE, the person's own number first. */
const THUNDERBIRD_PHONES: [string, string][] = [
  ['Mobile Number', 'cell'],
  ['Home Phone', 'home'],
  ['Work Phone', 'work'],
  ['Fax Number', 'fax'],
  ['Pager Number', 'pager'],
];

/**
 * A date Thunderbird writes in three columns (`Birth Year`, `Birth Month`, `Birth Day`) as
 * one ISO 8601 text (`1906-12-09`, or RFC 6350 `--1209` without a year) for `readBirthday`;
 * '' when month or day is missing (then the columns are kept as they are).
 */
function threeColumnDate(year: string, month: string, day: string): string {
  if (!/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return '';
  const mmdd = `${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return /^\d{4}$/.test(year) ? `${year}-${mmdd}` : `--${mmdd}`;
}

/**
 * One row of a Thunderbird CSV (its address book's "Export", comma separated): `First Name`,
 * `Last Name`, `Display Name`, `Nickname`, `Primary Email` and `Secondary Email`, its five
 * phones with their type, the home and work addresses (`Home Address`, `Home Address 2` as
 * the extended part, `Home City`, `Home State`, `Home ZipCode`, `Home Country`, and the same
 * for `Work`), `Organization`, `Department` (the ORG unit), `Job Title`, `Web Page 1` (work)
 * and `Web Page 2` (home), `Birth Year`/`Birth Month`/`Birth Day` as the birthday, `Notes`;
 * every other filled column (`Screen Name`, `Custom 1`...) as a custom field.
 */
function thunderbirdDraft(row: number, headers: string[], cells: string[]): ContactDraft {
  const draft = emptyDraft(row);
  const consumed = new Set<string>();
  const take = (header: string) => {
    consumed.add(header);
    const index = headers.indexOf(header);
    return index < 0 ? '' : (cells[index] ?? '').trim();
  };
  draft.givenName = take('First Name');
  draft.familyName = take('Last Name');
  draft.fullName = take('Display Name');
  draft.nickname = take('Nickname');
  for (const header of ['Primary Email', 'Secondary Email']) {
    const email = take(header);
    if (email) draft.emails.push({ value: email, type: '' });
  }
  for (const [header, type] of THUNDERBIRD_PHONES) {
    const phone = take(header);
    if (phone) draft.phones.push({ value: phone, type });
  }
  for (const kind of ['Home', 'Work']) {
    const components = [
      '',
      take(`${kind} Address 2`),
      take(`${kind} Address`),
      take(`${kind} City`),
      take(`${kind} State`),
      take(`${kind} ZipCode`),
      take(`${kind} Country`),
    ];
    if (components.some(Boolean)) draft.addresses.push({ components, type: kind.toLowerCase() });
  }
  draft.org = take('Organization');
  const department = take('Department');
  if (department) draft.orgUnits = [department];
  draft.title = take('Job Title');
  const work = take('Web Page 1');
  if (work) draft.urls.push({ value: work, type: 'work' });
  const home = take('Web Page 2');
  if (home) draft.urls.push({ value: home, type: 'home' });
  for (const [prefix, type] of [
    ['Birth', 'birthday'],
    ['Anniversary', 'anniversary'],
  ] as const) {
    const [year, month, day] = ['Year', 'Month', 'Day'].map((part) => `${prefix} ${part}`);
    const date = threeColumnDate(take(year!), take(month!), take(day!));
    if (!date) {
      for (const header of [year!, month!, day!]) consumed.delete(header);
    } else if (type === 'birthday') draft.birthday = date;
    else draft.dates.push({ value: date, type });
  }
  draft.note = take('Notes');
  headers.forEach((header, i) => {
    const value = (cells[i] ?? '').trim();
    if (value && !consumed.has(header)) draft.extra.push(customField(header, value));
  });
  return draft;
}

function rank(header: string): number {
  const index = OUTLOOK_PHONE_ORDER.indexOf(header);
  return index < 0 ? OUTLOOK_PHONE_ORDER.length : index;
}

/** Header words that suggest where a column of an unknown CSV goes. */
const SUGGESTIONS: [RegExp, ImportColumnTarget][] = [
  [/^(first|given|fore)\s*name|^first$|^vorname|^nombre$/i, 'givenName'],
  [/^(last|family|sur)\s*name|^surname|^last$|^nachname|^apellidos?$/i, 'familyName'],
  [/^(full\s*)?name$|^display\s*name|^contact$/i, 'fullName'],
  [/e-?mail|^mail/i, 'email'],
  [/phone|mobile|^cell|^tel|^fax/i, 'phone'],
  [/company|organi[sz]ation|employer|^org$/i, 'org'],
  [/job|title|position|role/i, 'title'],
  [/street|address/i, 'streetAddress'],
  [/city|town|locality/i, 'city'],
  [/zip|post(al)?\s*code|postcode/i, 'postCode'],
  [/country/i, 'country'],
  [/birth|dob|^bday/i, 'birthday'],
  [/label|group|tag|categor/i, 'labels'],
  [/note|comment/i, 'note'],
  [/web|url|site|homepage/i, 'website'],
];

/**
 * Where each column of an unknown CSV probably goes, guessed from its header; a column with
 * no guess is kept as a custom field, so nothing is dropped unless the person says so.
 */
export function suggestMapping(headers: string[]): ImportColumnTarget[] {
  const used = new Set<ImportColumnTarget>();
  return headers.map((header) => {
    const match = SUGGESTIONS.find(([pattern]) => pattern.test(header.trim()));
    if (!match) return 'custom';
    const [, target] = match;
    // Several email, phone or label columns can all be read; one column per other field.
    if (used.has(target) && !['email', 'phone', 'labels', 'note', 'website'].includes(target)) {
      return 'custom';
    }
    used.add(target);
    return target;
  });
}

/** One row of an unknown CSV, read through the person's column mapping. */
function mappedDraft(
  row: number,
  headers: string[],
  mapping: ImportColumnTarget[],
  cells: string[],
): ContactDraft {
  const draft = emptyDraft(row);
  const address = ['', '', '', '', '', '', ''];
  mapping.forEach((target, i) => {
    const value = (cells[i] ?? '').trim();
    if (!value) return;
    const header = headers[i] ?? `Column ${i + 1}`;
    switch (target) {
      case 'ignore':
        break;
      case 'fullName':
      case 'givenName':
      case 'familyName':
      case 'org':
      case 'title':
      case 'birthday':
        draft[target] = value;
        break;
      case 'email':
        draft.emails.push(...value.split(/\s*(?::::|;)\s*/).map((v) => ({ value: v, type: '' })));
        break;
      case 'phone':
        draft.phones.push(...splitGoogle(value).map((v) => ({ value: v, type: '' })));
        break;
      case 'streetAddress':
        address[2] = value;
        break;
      case 'city':
        address[3] = value;
        break;
      case 'postCode':
        address[5] = value;
        break;
      case 'country':
        address[6] = value;
        break;
      case 'labels':
        draft.labels.push(
          ...(value.includes(GOOGLE_LABEL_SEPARATOR) ? splitGoogle(value) : value.split(/[;,]/)),
        );
        break;
      case 'note':
        draft.note = [draft.note, value].filter(Boolean).join('\n\n');
        break;
      case 'website':
        draft.urls.push({ value, type: '' });
        break;
      case 'custom':
        draft.extra.push(customField(header, value));
        break;
    }
  });
  if (address.some(Boolean)) draft.addresses.push({ components: address, type: '' });
  return draft;
}

/**
 * One data row of a CSV (`cells`, line `row` of the file) as a contact being read: by
 * Google's, Outlook's or Thunderbird's layout, or any other through `mapping` (one target per
 * column).
 */
export function csvDraft(
  row: number,
  headers: string[],
  layout: CsvLayout,
  mapping: ImportColumnTarget[],
  cells: string[],
): ContactDraft {
  if (layout === 'google' || layout === 'google-legacy') return googleDraft(row, headers, cells);
  if (layout === 'outlook') return outlookDraft(row, headers, cells);
  if (layout === 'thunderbird') return thunderbirdDraft(row, headers, cells);
  return mappedDraft(row, headers, mapping, cells);
}

/** `23/6/1974`, `6/23/74`, `23.6.1974`: as `dateOrderOf` (vcard/draft.ts) reads them. */
const SLASH_DATE = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})$/;

/**
 * `dateOrderOf` told a value at a time, for a file read as a stream: `add` each row's
 * birthday as written, then `order` is what `dateOrderOf` answers for them all.
 */
export class DateOrderTally {
  private dayFirst = false;
  private monthFirst = false;
  private any = false;

  add(text: string): void {
    const match = SLASH_DATE.exec(text.trim());
    if (!match) return;
    this.any = true;
    if (Number(match[1]) > 12) this.dayFirst = true;
    if (Number(match[2]) > 12) this.monthFirst = true;
  }

  get order(): DateOrder | 'ambiguous' | null {
    if (!this.any) return null;
    if (this.dayFirst === this.monthFirst) return 'ambiguous';
    return this.dayFirst ? 'day-first' : 'month-first';
  }
}

/**
 * Reads the data rows of a CSV: Google's, Outlook's and Thunderbird's layouts by their
 * headers, any other through `mapping` (one target per column). Rows are numbered as a
 * spreadsheet shows them: the header is row 1.
 *
 * Birthdays written `a/b/yyyy` are read in the order the whole column shows (`dateOrderOf`);
 * when it cannot tell, in `dateOrder` if the person chose one, else month first, and
 * `dateOrder.asked` says the person should be asked.
 */
export async function readCsvRows(
  table: CsvTable,
  layout: CsvLayout,
  mapping: ImportColumnTarget[],
  chosenOrder?: DateOrder,
): Promise<ReadResult & { dateOrder: { order: DateOrder; ambiguous: boolean } | null }> {
  const result: ReadResult = { contacts: [], problems: [] };
  const pause = cooperative();
  const drafts: ContactDraft[] = [];
  for (const [index, cells] of table.rows.entries()) {
    await pause();
    drafts.push(csvDraft(index + 2, table.headers, layout, mapping, cells));
  }
  const told = dateOrderOf(drafts.map((draft) => draft.birthday));
  const ambiguous = told === 'ambiguous';
  const order: DateOrder = told && !ambiguous ? told : (chosenOrder ?? 'month-first');
  for (const draft of drafts) {
    await pause();
    collect(result, draft, order);
  }
  return { ...result, dateOrder: told ? { order, ambiguous } : null };
}
