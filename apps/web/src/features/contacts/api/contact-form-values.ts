import {
  BIRTH_YEAR_MIN,
  combinedName,
  contactCreateInput,
  contactUpdateInput,
  messages,
  monthNames,
  splitName,
  type ContactCreateInput,
  type ContactUpdateInput,
  type MonthName,
} from '@kith/validators';
import type { Contact } from '../../../lib/contact-lists';
import { formatMonthName } from '../../../lib/format';
import { DEFAULT_TYPE, isOfferedType, type ValueKind } from '../../../lib/value-types';

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
 * The fields of the create and edit screens (docs/product/screens.md#create-contact-screen),
 * as the inputs hold them, under the card's names. The create screen names a contact with
 * given and family name; the edit screen with one name field (`name`).
 */
export interface ContactFormValues {
  givenName: string;
  familyName: string;
  /** The edit screen's single name field. */
  name: string;
  additionalNames: string;
  honorificPrefixes: string;
  honorificSuffixes: string;
  nickname: string;
  org: string;
  title: string;
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
  givenName: '',
  familyName: '',
  name: '',
  additionalNames: '',
  honorificPrefixes: '',
  honorificSuffixes: '',
  nickname: '',
  org: '',
  title: '',
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
    name: combinedName(contact.givenName, contact.familyName),
    givenName: contact.givenName,
    familyName: contact.familyName,
    additionalNames: contact.additionalNames,
    honorificPrefixes: contact.honorificPrefixes,
    honorificSuffixes: contact.honorificSuffixes,
    nickname: contact.nickname,
    org: contact.org,
    title: contact.title,
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
    birthdayDay: contact.birthday?.day.toString() ?? '',
    birthdayMonth: contact.birthday ? monthNames[contact.birthday.month - 1]! : '',
    birthdayYear: contact.birthday?.year?.toString() ?? '',
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

/** The birthday's three fields as the API takes them; null when all are empty. */
function birthdayInput(values: ContactFormValues) {
  const day = values.birthdayDay.trim();
  const year = values.birthdayYear.trim();
  if (!day && !values.birthdayMonth && !year) return null;
  return {
    day: Number(day),
    month: monthNames.indexOf(values.birthdayMonth as MonthName) + 1,
    year: year ? Number(year) : null,
  };
}

/** The API input of the form's values (without the photo, which the screens add). */
export function toContactInput(values: ContactFormValues): ContactCreateInput {
  return {
    givenName: values.givenName,
    familyName: values.familyName,
    additionalNames: values.additionalNames,
    honorificPrefixes: values.honorificPrefixes,
    honorificSuffixes: values.honorificSuffixes,
    nickname: values.nickname,
    org: values.org,
    title: values.title,
    orgUnits: values.orgUnits.map((unit) => unit.trim()).filter(Boolean),
    phones: filledValues(values.phones),
    emails: filledValues(values.emails),
    addresses: values.addresses
      .filter((row) => ADDRESS_PARTS.some((part) => row[part].trim()))
      .map(({ custom, ...address }) => (void custom, address)),
    urls: filledValues(values.urls),
    dates: values.dates
      .filter((row) => row.day.trim() || row.month || row.year.trim())
      .map(dateInput),
    birthday: birthdayInput(values),
    note: values.note,
  };
}

/** The form fields of each all-or-nothing group (docs/product/validation.md#contact-form). */
const GROUP_FIELDS = {
  worksAt: ['org', 'title'],
  birthday: ['birthdayDay', 'birthdayMonth', 'birthdayYear'],
} as const satisfies Record<string, (keyof ContactFormValues)[]>;

const NOT_A_NUMBER = 'Must be a whole number';

/** The parts of the first address that make the form's location group. */
const LOCATION_PARTS = ['street', 'locality', 'postalCode', 'country'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The given and family name of the edit screen's one name field: a name that still ends with
 * the contact's family name keeps it whole ("Rosalía María de Castro" keeps "de Castro");
 * any other name is split as the server splits one (`splitName`: the last word is the
 * family name).
 */
function editedName(name: string, initial: ContactFormValues) {
  const typed = name.trim().replace(/\s+/g, ' ');
  const family = initial.familyName.trim();
  if (family && typed.endsWith(` ${family}`)) {
    return { givenName: typed.slice(0, -family.length - 1), familyName: family };
  }
  return splitName(typed);
}

/**
 * The edit screen's change: the name when it was edited, and every part or list the person
 * changed. A part left as it was is left out, so a contact imported with a birthday without a
 * year, a partial address or no phone can still be edited elsewhere without filling them in
 * first.
 */
export function toContactChange(
  values: ContactFormValues,
  initial: ContactFormValues,
): ContactUpdateInput {
  const input = toContactInput(values);
  const before = toContactInput(initial);
  const ifChanged = <K extends keyof typeof input>(key: K) =>
    same(input[key], before[key]) ? undefined : input[key];
  const worksAtChanged = values.org !== initial.org || values.title !== initial.title;
  return {
    ...(values.name.trim() !== initial.name.trim() ? editedName(values.name, initial) : {}),
    additionalNames: ifChanged('additionalNames'),
    honorificPrefixes: ifChanged('honorificPrefixes'),
    honorificSuffixes: ifChanged('honorificSuffixes'),
    nickname: ifChanged('nickname'),
    org: worksAtChanged ? input.org : undefined,
    title: worksAtChanged ? input.title : undefined,
    orgUnits: ifChanged('orgUnits'),
    phones: ifChanged('phones'),
    emails: ifChanged('emails'),
    addresses: ifChanged('addresses'),
    urls: ifChanged('urls'),
    dates: ifChanged('dates'),
    birthday: ifChanged('birthday'),
    note: ifChanged('note'),
  };
}

/** Where each API error path shows on the form when it is not the field of the same name. */
const errorFields: Record<string, string> = {
  phones: 'phones.0.value',
  emails: 'emails.0.value',
  'birthday.day': 'birthdayDay',
  'birthday.month': 'birthdayMonth',
  'birthday.year': 'birthdayYear',
};

const FORM_PATH =
  /^(givenName|familyName|name|additionalNames|honorificPrefixes|honorificSuffixes|nickname|org|title|note|worksAt|location|birthday)$/;
const LIST_PATH = /^(phones|emails|addresses|urls|dates|orgUnits)\.\d+(\.\w+)?$/;

/**
 * The contact form's own rules beyond the card's (docs/product/validation.md#contact-form):
 * company and job title go together, a birthday has day, month and year, the first address's
 * street, city, post code and country go together, a contact has a phone, and the edit
 * screen's name is required. Editing, only the groups changed from `initial` are checked.
 */
function formRuleErrors(
  values: ContactFormValues,
  mode: 'create' | 'edit',
  initial: ContactFormValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const changed = (fields: readonly (keyof ContactFormValues)[]) =>
    mode === 'create' || fields.some((field) => !same(values[field], initial[field]));
  const someButNotAll = (parts: string[]) => {
    const filled = parts.filter((part) => part.trim()).length;
    return filled > 0 && filled < parts.length;
  };
  if (changed(GROUP_FIELDS.worksAt) && someButNotAll([values.org, values.title])) {
    errors.worksAt = messages.contact.worksAtGroup;
  }
  if (changed(GROUP_FIELDS.birthday)) {
    const parts = [values.birthdayDay, values.birthdayMonth, values.birthdayYear];
    if (someButNotAll(parts)) errors.birthday = messages.contact.birthdayGroup;
    for (const field of ['birthdayDay', 'birthdayYear'] as const) {
      if (values[field].trim() && !/^\d+$/.test(values[field].trim())) {
        errors[field] = NOT_A_NUMBER;
      }
    }
    const year = Number(values.birthdayYear);
    const thisYear = new Date().getFullYear();
    if (
      values.birthdayYear.trim() &&
      !errors.birthdayYear &&
      (year < BIRTH_YEAR_MIN || year > thisYear)
    ) {
      errors.birthdayYear = `Year must be between ${BIRTH_YEAR_MIN} and ${thisYear}`;
    }
  }
  const [first = newAddress()] = values.addresses;
  const [firstBefore = newAddress()] = initial.addresses;
  const locationChanged =
    mode === 'create' || LOCATION_PARTS.some((part) => first[part] !== firstBefore[part]);
  if (locationChanged && someButNotAll(LOCATION_PARTS.map((part) => first[part]))) {
    errors.location = messages.contact.locationGroup;
  }
  const hasPhone = values.phones.some((row) => row.value.trim());
  if (changed(['phones']) && !hasPhone) errors['phones.0.value'] = messages.contact.phoneRequired;
  if (mode === 'edit' && !values.name.trim()) errors.name = 'Name is required';
  return errors;
}

/**
 * Checks the form with the schema the server uses and the form's own rules, and returns
 * errors keyed by form field, or by group (`worksAt`, `location`, `birthday`) for the group
 * rules. Editing, only what changed from `initial` is checked (see `toContactChange`).
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
  const schemaErrors = result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  // On the edit screen the name parts come from the one name field.
  if (mode === 'edit') {
    for (const part of ['givenName', 'familyName']) {
      if (schemaErrors[part]) schemaErrors.name ??= schemaErrors[part];
      delete schemaErrors[part];
    }
  }
  const ruleErrors = formRuleErrors(values, mode, initial);
  // A birthday the form's rules refuse (missing a part, not a number) says only that.
  const [dayError, yearError] = [ruleErrors.birthdayDay, ruleErrors.birthdayYear];
  if (ruleErrors.birthday || dayError === NOT_A_NUMBER || yearError === NOT_A_NUMBER) {
    for (const path of Object.keys(schemaErrors)) {
      if (path.startsWith('birthday')) delete schemaErrors[path];
    }
  }
  return { ...mapErrorPaths(schemaErrors), ...ruleErrors };
}

/** Maps API error paths (`birthday.day`, `phones`) to the form's fields (`birthdayDay`). */
export function mapErrorPaths(errors: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    // A list's value shows under its own row: `phones.2.value`, `dates.0.day`.
    const field =
      errorFields[path] ?? (FORM_PATH.test(path) || LIST_PATH.test(path) ? path : undefined);
    if (field && !mapped[field]) mapped[field] = message;
  }
  return mapped;
}

/**
 * The months a birthday or date offers, named in the interface language ("March" / "Marzo");
 * each keeps its English value (`march`), which the form turns into the month's number.
 */
export const monthOptions = () =>
  monthNames.map((value, month) => ({ value, label: formatMonthName(month) }));

export { messages };
