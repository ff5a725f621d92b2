import { z } from 'zod';
import { CONTACT_SORTS } from './constants';
import { CONTACT_FIELD_MAX, CONTACT_LIMITS, NOTE_MAX, multiLineText } from './contact-limits';
import {
  BIRTH_YEAR_MIN,
  DAY_RANGE,
  MONTH_RANGE,
  NO_SUCH_DATE,
  dateExists,
  lineText,
  listOf,
  optionalText,
  phoneText,
  postCode,
  requiredName,
  yearRange,
} from './contact-parts';
import { messages } from './messages';

export { BIRTH_YEAR_MIN, monthNames, type MonthName } from './contact-parts';

/*
 * A contact as Kith's own clients write it (tRPC, the SDK, the web form): the card's
 * vocabulary (RFC 6350), one name per field. The legacy `/api/v1` shape is translated to it by
 * the REST adapter (`legacy-contact.ts`, docs/product/legacy-api.md).
 */

const m = messages.contact;

/**
 * A value's type: RFC 6350 TYPE values joined by commas (`cell`, `work,fax`) or a person's
 * own label ("Boat"); '' for none.
 */
const valueType = lineText()
  .max(CONTACT_LIMITS.valueType, { error: `At most ${CONTACT_LIMITS.valueType} characters` })
  .nullish()
  .transform((value) => value ?? '');

/*
 * The parts of an email address a contact may have. Letters of every script are allowed in
 * both halves (RFC 6531, internationalised email: `émile.rossi@exemple.fr`, `jörg@müller.de`);
 * what makes it an address is kept: one `@`, a local part of at most 64 characters without
 * spaces, quotes, brackets or a dot at either end or twice in a row (RFC 5321 §4.1.2,
 * §4.5.3.1.1), and a domain of dot-separated labels, none starting or ending with a hyphen,
 * ending in a top-level label of letters or an `xn--` one (RFC 5890).
 */
const LOCAL_ATOM = '[^\\s@".(),:;<>\\[\\]\\\\\\p{Cc}]+';
const DOMAIN_LABEL = '[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?';

/**
 * An email address as a contact's EMAIL may hold it, internationalised ones included
 * (docs/product/validation.md#a-contacts-emails). The account's own email (auth.ts) keeps the
 * stricter ASCII rule, since mail is sent to it.
 */
export const CONTACT_EMAIL_PATTERN = new RegExp(
  `^(?=[^@]{1,64}@)${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?=.{1,255}$)(?:${DOMAIN_LABEL}\\.)+(?:[\\p{L}\\p{M}]{2,}|xn--[a-z0-9-]+)$`,
  'u',
);

/** Whether `value` is an email address a contact may have (`CONTACT_EMAIL_PATTERN`). */
export function isContactEmail(value: string): boolean {
  return CONTACT_EMAIL_PATTERN.test(value);
}

/** An email of a contact's list (RFC 6350 EMAIL), lowercased; `CONTACT_EMAIL_PATTERN`. */
export const emailValueInput = z.object({
  value: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ pattern: CONTACT_EMAIL_PATTERN, error: m.invalidEmail })),
  type: valueType,
});

/** A phone of a contact's list (RFC 6350 TEL). */
export const phoneValueInput = z.object({ value: phoneText, type: valueType });

/** A web address, chat handle or related person (RFC 6350 URL, IMPP, RELATED). */
export const typedValueInput = z.object({
  value: lineText()
    .min(1, { error: 'Enter a value or remove this line' })
    .max(CONTACT_LIMITS.link, { error: `At most ${CONTACT_LIMITS.link} characters` }),
  type: valueType,
});

/** A postal address (RFC 6350 ADR): its seven parts, at least one filled, and its type. */
export const postalAddressInput = z
  .object({
    type: valueType,
    poBox: optionalText,
    extended: optionalText,
    street: optionalText,
    locality: optionalText,
    region: optionalText,
    postalCode: postCode,
    country: optionalText,
  })
  .refine(
    (a) =>
      [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country].some(Boolean),
    {
      error: 'Fill in the address or remove it',
    },
  );

/**
 * An anniversary or labelled date (RFC 6350 ANNIVERSARY; Apple's X-ABDATE): a type
 * ('anniversary' or a label), day, month 1..12 and an optional year.
 */
export const contactDateInput = z
  .object({
    type: lineText().min(1, { error: 'Name this date' }).max(CONTACT_LIMITS.valueType),
    day: z.number().int().min(1, { error: DAY_RANGE }).max(31, { error: DAY_RANGE }),
    month: z.number().int().min(1, { error: MONTH_RANGE }).max(12, { error: MONTH_RANGE }),
    year: z
      .number()
      .int()
      .min(1, { error: 'Enter the year as a number' })
      .max(9999, { error: 'Enter the year as a number' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((d) => dateExists(d.day, d.month, d.year), { error: NO_SUCH_DATE, path: ['day'] });

/**
 * The birthday (RFC 6350 BDAY): day, month 1..12 and the year when known, from 1900 to this
 * year (docs/product/limits.md#limits); null removes it.
 */
export const contactBirthdayInput = z
  .object({
    day: z.number().int().min(1, { error: DAY_RANGE }).max(31, { error: DAY_RANGE }),
    month: z.number().int().min(1, { error: MONTH_RANGE }).max(12, { error: MONTH_RANGE }),
    year: z
      .number()
      .int()
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((b, ctx) => {
    const currentYear = new Date().getFullYear();
    if (b.year !== null && (b.year < BIRTH_YEAR_MIN || b.year > currentYear)) {
      ctx.addIssue({ code: 'custom', path: ['year'], message: yearRange(currentYear) });
    } else if (!dateExists(b.day, b.month, b.year)) {
      ctx.addIssue({ code: 'custom', path: ['day'], message: NO_SUCH_DATE });
    }
  })
  .nullable();

/**
 * Every part of a contact but its name, each optional: N's other parts, the nickname, ORG
 * (`org` and its `orgUnits`), TITLE, every email, phone, address, web address, chat handle,
 * related person and date, the birthday, the note and the photo. A list given replaces the
 * contact's whole list; its first value is the preferred one.
 */
export const contactParts = {
  additionalNames: optionalText.optional(),
  honorificPrefixes: optionalText.optional(),
  honorificSuffixes: optionalText.optional(),
  nickname: optionalText.optional(),
  org: optionalText.optional(),
  orgUnits: z.array(lineText().max(CONTACT_FIELD_MAX)).max(CONTACT_LIMITS.orgUnits).optional(),
  title: optionalText.optional(),
  emails: listOf(emailValueInput).optional(),
  phones: listOf(phoneValueInput).optional(),
  addresses: listOf(postalAddressInput).optional(),
  urls: listOf(typedValueInput).optional(),
  impps: listOf(typedValueInput).optional(),
  related: listOf(typedValueInput).optional(),
  dates: listOf(contactDateInput).optional(),
  birthday: contactBirthdayInput.optional(),
  note: z
    .string()
    .overwrite(multiLineText)
    .trim()
    .max(NOTE_MAX, { error: `At most ${NOTE_MAX} characters` })
    .nullish()
    .transform((value) => value ?? '')
    .optional(),
  /** An image the person uploaded (its id, as `images.upload` answers it); null removes it. */
  photo: z.uuid({ error: 'Unknown image' }).nullable().optional(),
};

/**
 * Names a create, so sending it again (a double click, a retry after a lost answer) answers
 * the contact the first one made instead of a second one. REST takes it from the
 * `Idempotency-Key` header (IETF draft-ietf-httpapi-idempotency-key-header).
 */
export const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,200}$/, {
  error: 'An idempotency key is 1 to 200 visible ASCII characters',
});

/**
 * A new contact (tRPC `contacts.create`): a given name, a family name and at least one phone
 * are required, as on the create screen (docs/product/validation.md#contact-form); every
 * other part is optional.
 */
export const contactCreateInput = z.object({
  idempotencyKey: idempotencyKey.optional(),
  givenName: requiredName(m.firstNameRequired),
  familyName: requiredName(m.lastNameRequired),
  ...contactParts,
  phones: listOf(phoneValueInput).min(1, { error: m.phoneRequired }),
});
export type ContactCreateInput = z.input<typeof contactCreateInput>;
export type ContactCreateValues = z.output<typeof contactCreateInput>;

/**
 * A change to a contact (tRPC `contacts.update`): the parts given replace the contact's, the
 * others stay as they are. A contact keeps its given name; its family name may be emptied.
 */
export const contactUpdateInput = z.object({
  givenName: requiredName(m.firstNameRequired).optional(),
  familyName: lineText().max(CONTACT_LIMITS.namePart).optional(),
  ...contactParts,
});
export type ContactUpdateInput = z.input<typeof contactUpdateInput>;
export type ContactUpdateValues = z.output<typeof contactUpdateInput>;

/** A contact's id. */
export const contactId = z.uuid({ error: 'Unknown contact' });

/** `{contactIds: []}` of the bulk calls; at most 10,000 at once. */
export const contactIdsInput = z.object({
  contactIds: z.array(contactId).min(1, { error: 'Select at least one contact' }).max(10_000),
});

export const contactSort = z.enum(CONTACT_SORTS);

/**
 * Export formats: vCard 4.0 (RFC 6350), vCard 3.0 (RFC 2426, what Apple's Contacts reads) or
 * Google-compatible CSV.
 */
export const EXPORT_FORMATS = ['vcf', 'vcf3', 'csv'] as const;

/**
 * What to export: every contact not in the trash, or only the favorites, one label's
 * contacts, or a selection (at most 10,000); `exceptIds` leaves some out of any of these
 * ("Select All" and then some unticked).
 */
export const contactExportInput = z.object({
  format: z.enum(EXPORT_FORMATS),
  favorites: z.boolean().optional(),
  labelId: z.uuid().optional(),
  contactIds: z.array(contactId).min(1).max(10_000).optional(),
  exceptIds: z.array(contactId).max(10_000).optional(),
});
export type ContactExportInput = z.infer<typeof contactExportInput>;

/**
 * The parts of a contact a merge picks, each whole: the name (N's parts), the preferred email,
 * phone and address, the organisation (ORG, its units and TITLE), the birthday and the photo.
 */
export const MERGE_FIELDS = [
  'name',
  'email',
  'phone',
  'org',
  'address',
  'birthday',
  'photo',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/**
 * Merge duplicates into `keepId`: for each field in `take`, the contact whose value to keep
 * (the kept contact's own otherwise). The `mergeIds` copies go to the Trash, so a merge can
 * be undone by recovering them.
 */
export const contactMergeInput = z.object({
  keepId: contactId,
  mergeIds: z.array(contactId).min(1).max(20),
  take: z.partialRecord(z.enum(MERGE_FIELDS), contactId).default({}),
});
export type ContactMergeInput = z.infer<typeof contactMergeInput>;
