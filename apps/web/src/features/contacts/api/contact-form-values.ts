import {
  contactCreateInput,
  contactUpdateInput,
  messages,
  monthNames,
  type ContactCreateInput,
} from '@kith/validators';
import type { Contact } from '../../../lib/contact-lists';

/** The fields of the create and edit screens (SPEC §2), all as the inputs hold them. */
export interface ContactFormValues {
  firstName: string;
  lastName: string;
  /** The edit screen's single name field. */
  name: string;
  company: string;
  jobTitle: string;
  email: string;
  phone: string;
  country: string;
  city: string;
  postCode: string;
  streetAddress: string;
  birthdayDay: string;
  birthdayMonth: string;
  birthdayYear: string;
}

export const emptyContactForm: ContactFormValues = {
  firstName: '',
  lastName: '',
  name: '',
  company: '',
  jobTitle: '',
  email: '',
  phone: '',
  country: '',
  city: '',
  postCode: '',
  streetAddress: '',
  birthdayDay: '',
  birthdayMonth: '',
  birthdayYear: '',
};

/** The form's values for a loaded contact (edit screen). */
export function formValuesOf(contact: Contact): ContactFormValues {
  return {
    ...emptyContactForm,
    name: contact.name,
    firstName: contact.firstName,
    lastName: contact.lastName,
    company: contact.worksAt.companyName,
    jobTitle: contact.worksAt.jobTitle,
    email: contact.email,
    phone: contact.phone,
    country: contact.location.country,
    city: contact.location.city,
    postCode: contact.location.postCode,
    streetAddress: contact.location.streetAddress,
    birthdayDay: contact.birthday.day?.toString() ?? '',
    birthdayMonth: contact.birthday.month,
    birthdayYear: contact.birthday.year?.toString() ?? '',
  };
}

/** The API input of the form's values (without the avatar, which the screens add). */
export function toContactInput(values: ContactFormValues): Omit<ContactCreateInput, 'avatar'> {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    worksAt: { companyName: values.company, jobTitle: values.jobTitle },
    location: {
      country: values.country,
      city: values.city,
      postCode: values.postCode,
      streetAddress: values.streetAddress,
    },
    birthday: {
      day: values.birthdayDay || null,
      month: values.birthdayMonth,
      year: values.birthdayYear || null,
    },
  };
}

/** The form fields of each all-or-nothing group (SPEC §5) and the phone. */
const GROUP_FIELDS = {
  phone: ['phone'],
  worksAt: ['company', 'jobTitle'],
  location: ['country', 'city', 'postCode', 'streetAddress'],
  birthday: ['birthdayDay', 'birthdayMonth', 'birthdayYear'],
} as const satisfies Record<string, (keyof ContactFormValues)[]>;

/**
 * The edit screen's change: the name, the email and every group the person changed. A group
 * left as it was is left out, so a contact imported with a birthday without a year, a partial
 * address or no phone can still be edited elsewhere without filling them in first.
 */
export function toContactChange(values: ContactFormValues, initial: ContactFormValues) {
  const input = toContactInput(values);
  const changed = (group: keyof typeof GROUP_FIELDS) =>
    GROUP_FIELDS[group].some((field) => values[field] !== initial[field]);
  return {
    name: values.name,
    email: input.email,
    phone: changed('phone') ? input.phone : undefined,
    worksAt: changed('worksAt') ? input.worksAt : undefined,
    location: changed('location') ? input.location : undefined,
    birthday: changed('birthday') ? input.birthday : undefined,
  };
}

/** Where each API error path shows on the form: under the field, or under its group. */
const errorFields: Record<string, keyof ContactFormValues | 'worksAt' | 'location' | 'birthday'> = {
  firstName: 'firstName',
  lastName: 'lastName',
  name: 'name',
  email: 'email',
  phone: 'phone',
  worksAt: 'worksAt',
  'worksAt.companyName': 'company',
  'worksAt.jobTitle': 'jobTitle',
  location: 'location',
  'location.postCode': 'postCode',
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

/** Maps API error paths (`birthday.day`) to the form's fields (`birthdayDay`). */
export function mapErrorPaths(errors: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = errorFields[path];
    if (field && !mapped[field]) mapped[field] = message;
  }
  return mapped;
}

export const monthOptions = monthNames.map((value) => ({
  value,
  label: value[0]!.toUpperCase() + value.slice(1),
}));

export { messages };
