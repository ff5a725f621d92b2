import { z } from 'zod';
import { CONTACT_SORTS } from './constants';
import {
  CONTACT_FIELD_MAX,
  CONTACT_LIMITS,
  CONTACT_LIST_MAX,
  NOTE_MAX,
  multiLineText,
  singleLineText,
} from './contact-limits';
import { messages } from './messages';

/** SPEC §3: months travel as lowercase English names. */
export const monthNames = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
export type MonthName = (typeof monthNames)[number];

/** SPEC §5 / §9: birthday years run from 1900 to the current year. */
export const BIRTH_YEAR_MIN = 1900;

const m = messages.contact;

/** Text of one line: control characters gone (`singleLineText`), then trimmed. */
const lineText = () => z.string().overwrite(singleLineText).trim();

/** Text a person may leave empty: trimmed; '' and null both mean "not given". */
const optionalText = lineText()
  .max(CONTACT_FIELD_MAX, { error: `At most ${CONTACT_FIELD_MAX} characters` })
  .nullish()
  .transform((value) => value || '');

/** A number, or the text of one, or empty; legacy clients send either. */
const optionalNumber = z
  .union([z.number(), z.string().trim()])
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a whole number' });
      return z.NEVER;
    }
    return n;
  });

export const worksAtInput = z
  .object({ companyName: optionalText, jobTitle: optionalText })
  .partial()
  .nullish()
  .transform((v) => ({ companyName: v?.companyName ?? '', jobTitle: v?.jobTitle ?? '' }))
  .refine((v) => Boolean(v.companyName) === Boolean(v.jobTitle), { error: m.worksAtGroup });

/**
 * Post codes are text: real ones carry letters and leading zeros. A number from a legacy
 * client is accepted and kept as its digits.
 */
const postCode = z
  .union([z.number().int().nonnegative(), z.string()])
  .nullish()
  .transform((value) =>
    value === null || value === undefined ? '' : singleLineText(String(value)).trim(),
  )
  .pipe(
    z
      .string()
      .max(CONTACT_LIMITS.postCode, { error: `At most ${CONTACT_LIMITS.postCode} characters` }),
  );

export const locationInput = z
  .object({ country: optionalText, city: optionalText, postCode, streetAddress: optionalText })
  .partial()
  .nullish()
  .transform((v) => ({
    country: v?.country ?? '',
    city: v?.city ?? '',
    postCode: v?.postCode ?? '',
    streetAddress: v?.streetAddress ?? '',
  }))
  .refine(
    (v) => {
      const filled = [v.country, v.city, v.postCode, v.streetAddress].filter(Boolean).length;
      return filled === 0 || filled === 4;
    },
    { error: m.locationGroup },
  );

export const birthdayInput = z
  .object({
    day: optionalNumber,
    month: z
      .string()
      .trim()
      .toLowerCase()
      .nullish()
      .transform((v) => v || ''),
    year: optionalNumber,
  })
  .partial()
  .nullish()
  .transform((v) => ({ day: v?.day ?? null, month: v?.month ?? '', year: v?.year ?? null }))
  .superRefine((v, ctx) => {
    const filled = [v.day !== null, v.month !== '', v.year !== null].filter(Boolean).length;
    if (filled === 0) return;
    if (filled !== 3) {
      ctx.addIssue({ code: 'custom', message: m.birthdayGroup });
      return;
    }
    const currentYear = new Date().getFullYear();
    if (v.day! < 1 || v.day! > 31)
      ctx.addIssue({ code: 'custom', path: ['day'], message: 'Day must be between 1 and 31' });
    if (!monthNames.includes(v.month as MonthName)) {
      ctx.addIssue({
        code: 'custom',
        path: ['month'],
        message: 'Choose a month from January to December',
      });
    }
    if (v.year! < BIRTH_YEAR_MIN || v.year! > currentYear) {
      ctx.addIssue({
        code: 'custom',
        path: ['year'],
        message: `Year must be between ${BIRTH_YEAR_MIN} and ${currentYear}`,
      });
    }
    const monthIndex = monthNames.indexOf(v.month as MonthName);
    if (monthIndex >= 0 && v.day! >= 1 && v.day! <= 31) {
      const date = new Date(Date.UTC(v.year!, monthIndex, v.day!));
      if (date.getUTCMonth() !== monthIndex) {
        ctx.addIssue({ code: 'custom', path: ['day'], message: 'This date does not exist' });
      }
    }
  });

/** An uploaded image a contact points at (SPEC §3 avatar {url, publicId}). */
export const avatarInput = z
  .object({ publicId: z.string().trim().nullish(), url: z.string().nullish() })
  .partial()
  .nullish()
  .transform((v) => ({ publicId: v?.publicId || '' }))
  .refine((v) => v.publicId === '' || z.uuid().safeParse(v.publicId).success, {
    error: 'Unknown image',
    path: ['publicId'],
  });

const email = z
  .string()
  .trim()
  .toLowerCase()
  .nullish()
  .transform((v) => v || '')
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: m.invalidEmail });

const phone = z
  .string({ error: m.phoneRequired })
  .overwrite(singleLineText)
  .trim()
  .min(1, { error: m.phoneRequired })
  .max(CONTACT_LIMITS.phone, { error: `At most ${CONTACT_LIMITS.phone} characters` });

/**
 * A value's type: RFC 6350 TYPE values joined by commas (`cell`, `work,fax`) or a person's
 * own label ("Boat"); '' for none.
 */
const valueType = lineText()
  .max(CONTACT_LIMITS.valueType, { error: `At most ${CONTACT_LIMITS.valueType} characters` })
  .nullish()
  .transform((value) => value ?? '');

const listOf = <T extends z.ZodType>(item: T) =>
  z.array(item).max(CONTACT_LIST_MAX, { error: `At most ${CONTACT_LIST_MAX} values` });

/** An email of a contact's list (RFC 6350 EMAIL), lowercased. */
export const emailValueInput = z.object({
  value: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: m.invalidEmail })),
  type: valueType,
});

/** A phone of a contact's list (RFC 6350 TEL). */
export const phoneValueInput = z.object({ value: phone, type: valueType });

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

const dayRange = 'Day must be between 1 and 31';
const monthRange = 'Choose a month from January to December';

/**
 * An anniversary or labelled date (RFC 6350 ANNIVERSARY; Apple's X-ABDATE): a type
 * ('anniversary' or a label), day, month 1..12 and an optional year.
 */
export const contactDateInput = z
  .object({
    type: lineText().min(1, { error: 'Name this date' }).max(CONTACT_LIMITS.valueType),
    day: z.number().int().min(1, { error: dayRange }).max(31, { error: dayRange }),
    month: z.number().int().min(1, { error: monthRange }).max(12, { error: monthRange }),
    year: z
      .number()
      .int()
      .min(1, { error: 'Enter the year as a number' })
      .max(9999, { error: 'Enter the year as a number' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((d) => new Date(Date.UTC(d.year ?? 2000, d.month - 1, d.day)).getUTCDate() === d.day, {
    error: 'This date does not exist',
    path: ['day'],
  });

/**
 * The parts of a contact beyond SPEC §3's fields (issue 17), each optional: N's other parts,
 * the nickname, ORG's units, every email, phone, address, web address, chat handle, related
 * person and date, and the note. A list given replaces the contact's whole list; its first
 * value is the preferred one, which SPEC's `email`, `phone` and `location` read and write.
 */
export const contactCardInput = {
  additionalNames: optionalText.optional(),
  honorificPrefixes: optionalText.optional(),
  honorificSuffixes: optionalText.optional(),
  nickname: optionalText.optional(),
  orgUnits: z.array(lineText().max(CONTACT_FIELD_MAX)).max(CONTACT_LIMITS.orgUnits).optional(),
  emails: listOf(emailValueInput).optional(),
  phones: listOf(phoneValueInput).optional(),
  addresses: listOf(postalAddressInput).optional(),
  urls: listOf(typedValueInput).optional(),
  impps: listOf(typedValueInput).optional(),
  related: listOf(typedValueInput).optional(),
  dates: listOf(contactDateInput).optional(),
  note: z
    .string()
    .overwrite(multiLineText)
    .trim()
    .max(NOTE_MAX, { error: `At most ${NOTE_MAX} characters` })
    .nullish()
    .transform((value) => value ?? '')
    .optional(),
};

const requiredName = (message: string) =>
  z
    .string({ error: message })
    .overwrite(singleLineText)
    .trim()
    .min(1, { error: message })
    .max(CONTACT_LIMITS.namePart);

/**
 * A new contact (SPEC §5 "Contact form"; POST /contacts): first and last name and phone are
 * required; email must be valid when given; the worksAt, location and birthday groups are
 * all-or-nothing. `email`, `phone` and `location` are the preferred values of the lists of
 * `contactCardInput`, which may carry more.
 */
export const contactCreateInput = z.object({
  /**
   * Names this create, so sending it again (a double click, a retry after a lost answer)
   * answers the contact the first one made instead of a second one. REST takes it from the
   * `Idempotency-Key` header (IETF draft-ietf-httpapi-idempotency-key-header).
   */
  idempotencyKey: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, {
      error: 'An idempotency key is 1 to 200 visible ASCII characters',
    })
    .optional(),
  firstName: requiredName(m.firstNameRequired),
  lastName: requiredName(m.lastNameRequired),
  email,
  phone,
  avatar: avatarInput,
  worksAt: worksAtInput,
  location: locationInput,
  birthday: birthdayInput,
  ...contactCardInput,
});
export type ContactCreateInput = z.input<typeof contactCreateInput>;
export type ContactCreateValues = z.output<typeof contactCreateInput>;

/**
 * A change to a contact (PATCH/PUT /contacts/{id}): any field of the create form, or `name`,
 * the edit screen's single name field (SPEC §2 "Edit screen"). Omitted fields stay as they are.
 */
export const contactUpdateInput = z.object({
  name: lineText().min(1, { error: 'Name is required' }).max(CONTACT_LIMITS.fullName).optional(),
  firstName: requiredName(m.firstNameRequired).optional(),
  lastName: lineText().max(CONTACT_LIMITS.namePart).optional(),
  email: email.optional(),
  phone: phone.optional(),
  avatar: avatarInput.optional(),
  worksAt: worksAtInput.optional(),
  location: locationInput.optional(),
  birthday: birthdayInput.optional(),
  ...contactCardInput,
});
export type ContactUpdateInput = z.input<typeof contactUpdateInput>;
export type ContactUpdateValues = z.output<typeof contactUpdateInput>;

/** A contact id: the API's `_id`. */
export const contactId = z.uuid({ error: 'Unknown contact' });

/** `{contactIds: []}` of the bulk calls (SPEC §7); at most 10,000 at once. */
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
 * The parts of a contact a merge picks, each whole (the group rules of SPEC §5 stay true):
 * the name, email, phone, work (company and title), location, birthday and photo.
 */
export const MERGE_FIELDS = [
  'name',
  'email',
  'phone',
  'worksAt',
  'location',
  'birthday',
  'avatar',
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
