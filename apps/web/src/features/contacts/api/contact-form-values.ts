import {
  contactCreateInput,
  contactUpdateInput,
  messages,
  monthNames,
  type ContactCreateInput,
  type MonthName,
} from '@kith/validators';
import type { Contact } from '../../../lib/contact-lists';
import { formatMonthName } from '../../../lib/format';
import { DEFAULT_TYPE, isOfferedType, type ValueKind } from '../value-types';

/** A phone, email or web address row of the form, with its type. */
export interface FormValue {
  value: string;
  type: string;
  /** The type is the person's own label, typed in, rather than one of the offered ones. */
  custom: boolean;
}

/** A postal address row of the form (RFC 6350 ADR's parts). */
export interface FormAddress {
  type: string;
  custom: boolean;
  poBox: string;
  extended: string;
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
}

/** An anniversary or labelled date row: `type` 'anniversary' or the person's label. */
export interface FormDate {
  type: string;
  custom: boolean;
  day: string;
  month: string;
  year: string;
}

/**
 * The fields of the create and edit screens (SPEC §2), all as the inputs hold them. The first
 * phone, email and address are SPEC's Phone, Email and location; the lists hold more.
 */
export interface ContactFormValues {
  firstName: string;
  lastName: string;
  /** The edit screen's single name field. */
  name: string;
  additionalNames: string;
  honorificPrefixes: string;
  honorificSuffixes: string;
  nickname: string;
  company: string;
  jobTitle: string;
  /** ORG's units; the Department field edits the first. */
  orgUnits: string[];
  phones: FormValue[];
  emails: FormValue[];
  addresses: FormAddress[];
  urls: FormValue[];
  dates: FormDate[];
  birthdayDay: string;
  birthdayMonth: string;
  birthdayYear: string;
  note: string;
}

export const newValue = (type: string): FormValue => ({ value: '', type, custom: false });

export const newAddress = (type = 'home'): FormAddress => ({
  type,
  custom: false,
  poBox: '',
  extended: '',
  street: '',
  locality: '',
  region: '',
  postalCode: '',
  country: '',
});

export const newDate = (): FormDate => ({
  type: 'anniversary',
  custom: false,
  day: '',
  month: '',
  year: '',
});

export const emptyContactForm: ContactFormValues = {
  firstName: '',
  lastName: '',
  name: '',
  additionalNames: '',
  honorificPrefixes: '',
  honorificSuffixes: '',
  nickname: '',
  company: '',
  jobTitle: '',
  orgUnits: [''],
  phones: [newValue(DEFAULT_TYPE.phone)],
  emails: [newValue(DEFAULT_TYPE.email)],
  addresses: [newAddress()],
  urls: [],
  dates: [],
  birthdayDay: '',
  birthdayMonth: '',
  birthdayYear: '',
  note: '',
};

const rowsOf = (kind: ValueKind, values: { value: string; type: string }[]): FormValue[] =>
  values.map((v) => ({ ...v, custom: !isOfferedType(kind, v.type) }));

/** The form's values for a loaded contact (edit screen). */
export function formValuesOf(contact: Contact): ContactFormValues {
  const atLeastOne = <T>(rows: T[], empty: T) => (rows.length ? rows : [empty]);
  return {
    ...emptyContactForm,
    name: contact.name,
    firstName: contact.firstName,
    lastName: contact.lastName,
    additionalNames: contact.additionalNames,
    honorificPrefixes: contact.honorificPrefixes,
    honorificSuffixes: contact.honorificSuffixes,
    nickname: contact.nickname,
    company: contact.worksAt.companyName,
    jobTitle: contact.worksAt.jobTitle,
    orgUnits: atLeastOne(contact.orgUnits, ''),
    phones: atLeastOne(rowsOf('phone', contact.phones), newValue(DEFAULT_TYPE.phone)),
    emails: atLeastOne(rowsOf('email', contact.emails), newValue(DEFAULT_TYPE.email)),
    addresses: atLeastOne(
      contact.addresses.map((a) => ({ ...a, custom: !isOfferedType('address', a.type) })),
      newAddress(),
    ),
    urls: rowsOf('url', contact.urls),
    dates: contact.dates.map((d) => ({
      type: d.type,
      custom: d.type !== 'anniversary',
      day: String(d.day),
      month: monthNames[d.month - 1]!,
      year: d.year?.toString() ?? '',
    })),
    birthdayDay: contact.birthday.day?.toString() ?? '',
    birthdayMonth: contact.birthday.month,
    birthdayYear: contact.birthday.year?.toString() ?? '',
    note: contact.note,
  };
}

const filledValues = (rows: FormValue[]) =>
  rows.filter((row) => row.value.trim()).map(({ value, type }) => ({ value, type }));

const ADDRESS_PARTS = [
  'poBox',
  'extended',
  'street',
  'locality',
  'region',
  'postalCode',
  'country',
] as const;

/** A date row as the API takes it; a part left empty is sent as 0, which the API refuses. */
function dateInput(row: FormDate) {
  return {
    type: row.type,
    day: row.day.trim() ? Number(row.day) : 0,
    month: monthNames.indexOf(row.month as MonthName) + 1,
    year: row.year.trim() ? Number(row.year) : null,
  };
}

/** The API input of the form's values (without the avatar, which the screens add). */
export function toContactInput(values: ContactFormValues): Omit<ContactCreateInput, 'avatar'> {
  const [first = newAddress()] = values.addresses;
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    additionalNames: values.additionalNames,
    honorificPrefixes: values.honorificPrefixes,
    honorificSuffixes: values.honorificSuffixes,
    nickname: values.nickname,
    email: values.emails[0]?.value ?? '',
    phone: values.phones[0]?.value ?? '',
    worksAt: { companyName: values.company, jobTitle: values.jobTitle },
    orgUnits: values.orgUnits.map((unit) => unit.trim()).filter(Boolean),
    location: {
      country: first.country,
      city: first.locality,
      postCode: first.postalCode,
      streetAddress: first.street,
    },
    birthday: {
      day: values.birthdayDay || null,
      month: values.birthdayMonth,
      year: values.birthdayYear || null,
    },
    phones: filledValues(values.phones),
    emails: filledValues(values.emails),
    addresses: values.addresses
      .filter((row) => ADDRESS_PARTS.some((part) => row[part].trim()))
      .map(({ custom, ...address }) => (void custom, address)),
    urls: filledValues(values.urls),
    dates: values.dates
      .filter((row) => row.day.trim() || row.month || row.year.trim())
      .map(dateInput),
    note: values.note,
  };
}

/** The form fields of each all-or-nothing group (SPEC §5) and the phone. */
const GROUP_FIELDS = {
  worksAt: ['company', 'jobTitle'],
  birthday: ['birthdayDay', 'birthdayMonth', 'birthdayYear'],
} as const satisfies Record<string, (keyof ContactFormValues)[]>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The edit screen's change: the name and every group or list the person changed. A group
 * left as it was is left out, so a contact imported with a birthday without a year, a partial
 * address or no phone can still be edited elsewhere without filling them in first. SPEC's
 * phone, email and location are sent when their first value changed, so SPEC's rules apply.
 */
export function toContactChange(values: ContactFormValues, initial: ContactFormValues) {
  const input = toContactInput(values);
  const before = toContactInput(initial);
  const changed = (group: keyof typeof GROUP_FIELDS) =>
    GROUP_FIELDS[group].some((field) => values[field] !== initial[field]);
  const ifChanged = <K extends keyof typeof input>(key: K) =>
    same(input[key], before[key]) ? undefined : input[key];
  return {
    name: values.name,
    additionalNames: ifChanged('additionalNames'),
    honorificPrefixes: ifChanged('honorificPrefixes'),
    honorificSuffixes: ifChanged('honorificSuffixes'),
    nickname: ifChanged('nickname'),
    email: ifChanged('email'),
    phone: ifChanged('phone'),
    location: ifChanged('location'),
    worksAt: changed('worksAt') ? input.worksAt : undefined,
    orgUnits: ifChanged('orgUnits'),
    birthday: changed('birthday') ? input.birthday : undefined,
    phones: ifChanged('phones'),
    emails: ifChanged('emails'),
    addresses: ifChanged('addresses'),
    urls: ifChanged('urls'),
    dates: ifChanged('dates'),
    note: ifChanged('note'),
  };
}

/** Where each API error path shows on the form: under the field, or under its group. */
const errorFields: Record<string, string> = {
  firstName: 'firstName',
  lastName: 'lastName',
  name: 'name',
  additionalNames: 'additionalNames',
  honorificPrefixes: 'honorificPrefixes',
  honorificSuffixes: 'honorificSuffixes',
  nickname: 'nickname',
  note: 'note',
  email: 'emails.0.value',
  phone: 'phones.0.value',
  worksAt: 'worksAt',
  'worksAt.companyName': 'company',
  'worksAt.jobTitle': 'jobTitle',
  location: 'location',
  'location.postCode': 'addresses.0.postalCode',
  'location.country': 'addresses.0.country',
  'location.city': 'addresses.0.locality',
  'location.streetAddress': 'addresses.0.street',
  birthday: 'birthday',
  'birthday.day': 'birthdayDay',
  'birthday.month': 'birthdayMonth',
  'birthday.year': 'birthdayYear',
};

/**
 * Checks the form with the same schema the server uses (SPEC §5), and returns errors keyed by
 * form field, or by group (`worksAt`, `location`, `birthday`) for the group rules. Editing,
 * only the groups changed from `initial` are checked (see `toContactChange`).
 */
export function validateContactForm(
  values: ContactFormValues,
  mode: 'create' | 'edit',
  initial: ContactFormValues = emptyContactForm,
): Record<string, string> {
  const result =
    mode === 'create'
      ? contactCreateInput.safeParse(toContactInput(values))
      : contactUpdateInput.safeParse(toContactChange(values, initial));
  if (result.success) return {};
  return mapErrorPaths(
    Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
  );
}

const LIST_PATH = /^(phones|emails|addresses|urls|dates|orgUnits)\.\d+(\.\w+)?$/;

/** Maps API error paths (`birthday.day`) to the form's fields (`birthdayDay`). */
export function mapErrorPaths(errors: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    // A list's value shows under its own row: `phones.2.value`, `dates.0.day`.
    const field = errorFields[path] ?? (LIST_PATH.test(path) ? path : undefined);
    if (field && !mapped[field]) mapped[field] = message;
  }
  return mapped;
}

/**
 * The months a birthday or date offers, named in the interface language ("March" / "Marzo");
 * each keeps its English value (`march`), as the API takes it.
 */
export const monthOptions = () =>
  monthNames.map((value, month) => ({ value, label: formatMonthName(month) }));

export { messages };
