import {
  COLOR_SCHEMES,
  CONTACT_SORTS,
  extraField,
  INTERFACE_LOCALES,
  monthNames,
} from '@kith/validators';
import { z } from 'zod';

/**
 * The JSON `/api/v1` answers with, as zod schemas for the OpenAPI document (the REST
 * handlers' results after JSON serialisation: dates are ISO 8601 text). The contract test
 * validates live answers against the document, so these cannot drift from the handlers.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const uuid = z.uuid();

export const sessionUserSchema = z
  .object({
    id: uuid,
    name: z.string(),
    email: z.email(),
    avatarUrl: z.string().nullable().meta({ description: 'Profile photo, or null for initials.' }),
    locale: z.enum(INTERFACE_LOCALES).nullable().meta({ description: 'null follows the browser.' }),
    colorScheme: z.enum(COLOR_SCHEMES),
    contactSort: z.enum(CONTACT_SORTS),
  })
  .meta({ id: 'SessionUser', description: 'The signed-in person.' });

export const accountPreviewSchema = z
  .object({
    userId: uuid,
    name: z.string(),
    email: z.email(),
    isVerified: z.boolean(),
    avatar: z.object({ url: z.string() }),
  })
  .meta({ id: 'AccountPreview', description: 'The account being recovered (recovery, step 2).' });

const typedValue = z.object({
  value: z.string(),
  type: z.string().meta({
    description:
      'RFC 6350 TYPE values joined by commas (cell, work,fax) or a person\'s own label; "" for none.',
  }),
});

const list = (item: z.ZodType, description: string) =>
  z.array(item).meta({ description: `${description} The first is the preferred one.` });

export const contactSchema = z
  .object({
    _id: uuid,
    userId: uuid,
    name: z.string().meta({ description: 'Given and family name together.' }),
    firstName: z.string().meta({ description: 'vCard given name (RFC 6350 N).' }),
    lastName: z.string().meta({ description: 'vCard family name (RFC 6350 N).' }),
    avatar: z.object({ url: z.string(), publicId: z.string() }),
    email: z.string(),
    phone: z.string(),
    worksAt: z.object({ companyName: z.string(), jobTitle: z.string() }),
    location: z.object({
      country: z.string(),
      city: z.string(),
      postCode: z.string(),
      streetAddress: z.string(),
    }),
    birthday: z.object({
      day: z.int().min(1).max(31).nullable(),
      month: z.enum([...monthNames, '']),
      year: z.int().nullable(),
    }),
    isFavorite: z.boolean(),
    isTrashed: z.boolean(),
    additionalNames: z.string().meta({ description: 'Middle names (RFC 6350 N).' }),
    honorificPrefixes: z.string().meta({ description: '"Dr." (RFC 6350 N).' }),
    honorificSuffixes: z.string().meta({ description: '"Jr." (RFC 6350 N).' }),
    nickname: z.string(),
    orgUnits: z.array(z.string()).meta({ description: 'Departments (RFC 6350 ORG units).' }),
    emails: list(typedValue, 'Every email; `email` is the first.'),
    phones: list(typedValue, 'Every phone; `phone` is the first.'),
    addresses: list(
      z.object({
        type: z.string(),
        poBox: z.string(),
        extended: z.string(),
        street: z.string(),
        locality: z.string(),
        region: z.string(),
        postalCode: z.string(),
        country: z.string(),
      }),
      'Every postal address (RFC 6350 ADR); `location` is the first.',
    ),
    urls: list(typedValue, 'Web addresses (RFC 6350 URL).'),
    impps: list(typedValue, 'Chat addresses (RFC 6350 IMPP), such as xmpp:ada@example.org.'),
    related: list(typedValue, 'Related people (RFC 6350 RELATED); the type says how.'),
    dates: list(
      z.object({
        type: z.string().meta({ description: '"anniversary" or a label.' }),
        day: z.int().min(1).max(31),
        month: z.int().min(1).max(12),
        year: z.int().nullable(),
      }),
      'Anniversaries and labelled dates.',
    ),
    note: z.string(),
    extra: z.array(extraField).meta({
      description:
        'Properties kept from an import without a field of their own (RFC 6350 or X- names: X-SOCIALPROFILE, KIND, X-CUSTOM...).',
    }),
    trashedAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({
    id: 'Contact',
    description: 'A contact. Empty parts are "" (numbers null), never missing.',
  });

export const contactSummarySchema = z
  .object({ _id: uuid, name: z.string(), email: z.string(), avatar: z.object({ url: z.string() }) })
  .meta({ id: 'ContactSummary', description: 'A search result.' });

export const changedIdsSchema = z
  .object({ ids: z.array(uuid).meta({ description: 'The contacts this call changed.' }) })
  .meta({ id: 'ChangedIds' });

export const imageSchema = z
  .object({ publicId: uuid, url: z.string() })
  .meta({ id: 'Image', description: 'A stored image: WebP, at most 512 px, no metadata.' });

export const favoriteSchema = z.object({ _id: uuid, isFavorite: z.boolean(), name: z.string() });

export const feedbackSchema = z.object({ _id: uuid, message: z.string(), createdAt: isoDateTime });

/** `{success: false, message, data: null}`; `errors` (field -> messages) for invalid input. */
export const failureSchema = z
  .object({
    success: z.literal(false),
    message: z.string().meta({ description: 'A sentence to show the person.' }),
    data: z.null(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Failure' });

/** The success envelope around `data`. */
export function successSchema(data: z.ZodType) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

const fileField = (description: string) =>
  z.string().meta({ format: 'binary', contentMediaType: 'application/octet-stream', description });
const jsonTextField = (description: string) =>
  z.string().meta({ description: `${description}, as JSON text` });

/**
 * PUT /contacts/{id}'s multipart form (docs/product/legacy-api.md#contacts-favorites-trash):
 * the edit screen's fields and a new photo.
 */
export const contactEditForm = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  avatar: jsonTextField('{url, publicId}').optional(),
  birthday: jsonTextField('{day, month, year}').optional(),
  location: jsonTextField('{country, city, postCode, streetAddress}').optional(),
  worksAt: jsonTextField('{companyName, jobTitle}').optional(),
  avatarImage: fileField('A new photo, at most 5 MB').optional(),
});

/**
 * POST /image's multipart form (docs/product/legacy-api.md#contacts-favorites-trash): the
 * file and, to replace it, an earlier upload's id.
 */
export const imageUploadForm = z.object({
  image: fileField('The image, at most 5 MB'),
  publicId: z.uuid().optional().meta({ description: 'An earlier upload this one replaces' }),
});
