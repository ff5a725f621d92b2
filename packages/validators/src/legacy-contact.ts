import { z } from 'zod';
import { CONTACT_LIMITS } from './contact-limits';
import {
  BIRTH_YEAR_MIN,
  DAY_RANGE,
  MONTH_RANGE,
  NO_SUCH_DATE,
  lineText,
  monthNames,
  optionalText,
  phoneText,
  postCode,
  requiredName,
  yearRange,
  type MonthName,
} from './contact-parts';
import { contactParts, idempotencyKey, isContactEmail } from './contacts';
import { messages } from './messages';

/*
 * The legacy `/api/v1` contact inputs (docs/product/legacy-api.md#contacts-favorites-trash):
 * `firstName`, `lastName`, a single `email` and `phone`, `worksAt`, `location`, `birthday`
 * with a month name and `avatar`, with the contact form's all-or-nothing groups
 * (docs/product/validation.md#contact-form). Only the REST adapter reads them; it
 * translates them into the card's inputs of `contacts.ts`.
 */

const m = messages.contact;

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
  .refine((v) => Boolean(v.companyName) === Boolean(v.jobTitle), { error: m.worksAtGroup })
  .meta({ description: 'Both fields, or neither: a company without a job title is refused.' });

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
  )
  .meta({
    description: 'All four fields, or none: a partial address (a city alone) is refused with 400.',
  });

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
      ctx.addIssue({ code: 'custom', path: ['day'], message: DAY_RANGE });
    if (!monthNames.includes(v.month as MonthName)) {
      ctx.addIssue({
        code: 'custom',
        path: ['month'],
        message: MONTH_RANGE,
      });
    }
    if (v.year! < BIRTH_YEAR_MIN || v.year! > currentYear) {
      ctx.addIssue({
        code: 'custom',
        path: ['year'],
        message: yearRange(currentYear),
      });
    }
    const monthIndex = monthNames.indexOf(v.month as MonthName);
    if (monthIndex >= 0 && v.day! >= 1 && v.day! <= 31) {
      const date = new Date(Date.UTC(v.year!, monthIndex, v.day!));
      if (date.getUTCMonth() !== monthIndex) {
        ctx.addIssue({ code: 'custom', path: ['day'], message: NO_SUCH_DATE });
      }
    }
  });

/** The uploaded image a legacy contact points at: `avatar: {url, publicId}`. */
export const avatarInput = z
  .object({ publicId: z.string().trim().nullish(), url: z.string().nullish() })
  .partial()
  .nullish()
  .transform((v) => ({ publicId: v?.publicId || '' }))
  .refine((v) => v.publicId === '' || z.uuid().safeParse(v.publicId).success, {
    error: 'Unknown image',
    path: ['publicId'],
  });

/** The legacy single email: optional, else an address a contact may have (RFC 6531 letters too). */
const email = z
  .string()
  .trim()
  .toLowerCase()
  .nullish()
  .transform((v) => v || '')
  .refine((v) => v === '' || isContactEmail(v), { error: m.invalidEmail });

/** The card's lists and the name's other parts, which legacy clients may send as they are. */
const { org: _org, title: _title, birthday: _birthday, photo: _photo, ...cardLists } = contactParts;

/**
 * A new contact in the legacy shape (POST /api/v1/contacts): first and last name and phone
 * are required; email must be valid when given; the worksAt, location and birthday groups are
 * all-or-nothing. `email`, `phone` and `location` are the preferred (first) values of any
 * lists given beside them.
 */
export const legacyContactCreateInput = z.object({
  idempotencyKey: idempotencyKey.optional(),
  firstName: requiredName(m.firstNameRequired),
  lastName: requiredName(m.lastNameRequired),
  email,
  phone: phoneText,
  avatar: avatarInput,
  worksAt: worksAtInput,
  location: locationInput,
  birthday: birthdayInput,
  ...cardLists,
});
export type LegacyContactCreateValues = z.output<typeof legacyContactCreateInput>;

/**
 * A change in the legacy shape (PATCH/PUT /api/v1/contacts/{id}): any field of the create
 * form, or `name`, the edit screen's single name field. Omitted fields stay as they are.
 */
export const legacyContactUpdateInput = z.object({
  name: lineText().min(1, { error: 'Name is required' }).max(CONTACT_LIMITS.fullName).optional(),
  firstName: requiredName(m.firstNameRequired).optional(),
  lastName: lineText().max(CONTACT_LIMITS.namePart).optional(),
  email: email.optional(),
  phone: phoneText.optional(),
  avatar: avatarInput.optional(),
  worksAt: worksAtInput.optional(),
  location: locationInput.optional(),
  birthday: birthdayInput.optional(),
  ...cardLists,
});
export type LegacyContactUpdateValues = z.output<typeof legacyContactUpdateInput>;
