import { contactExportInput } from '@kith/validators';
import {
  legacyContactCreateInput,
  legacyContactUpdateInput,
  type LegacyContactUpdateValues,
} from '@kith/validators/legacy-contact';
import { z } from 'zod';
import { untrusted, type Caller, type RestRoute } from '../rest/adapter';
import { contactCreateExample, contactExample } from '../rest/openapi/examples';
import { parseJsonFields, readMultipart } from '../rest/multipart';
import { contactEditForm, contactSchema } from '../rest/openapi/wire-schemas';
import {
  fromLegacyCreate,
  fromLegacyUpdate,
  needsCurrent,
  toLegacyContact,
} from './legacy-contact.rest';

/**
 * The `Idempotency-Key` header of POST /contacts, for the document: the procedure's
 * `idempotencyKey` checks it (IETF draft-ietf-httpapi-idempotency-key-header; docs/api.md#api).
 */
const idempotencyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/)
    .optional()
    .meta({
      description:
        '1 to 200 visible ASCII characters (a UUID will do), one per contact meant. The same key ' +
        'sent again with the same body (a retry after a lost answer, a double click) answers the ' +
        'contact the first call made instead of making a second; with a different body it answers ' +
        '422 and changes nothing; when that contact is in the Trash, 409. Once the contact is ' +
        'deleted for good the key is forgotten.',
      example: '7c4a8d09-ca37-4e2b-9f1d-2b8c1e0f5a6d',
    }),
});

/**
 * GET /contacts's paging (docs/rest-api.md#paging-get-contacts): with neither, the whole list
 * as the legacy contract answers it.
 */
const contactsPageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .meta({ description: 'Contacts per page, 1 to 1,000 (200 when only `cursor` is sent).' }),
  cursor: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .meta({ description: "The page before's `data.nextCursor`; leave out for the first page." }),
});

/** A page of GET /contacts: its contacts, the next page's cursor, and the count on the first. */
const contactsPageSchema = z
  .object({
    items: z.array(contactSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Send as `cursor` for the next page; null on the last page.' }),
    total: z
      .int()
      .min(0)
      .nullable()
      .meta({ description: 'Every active contact, on the first page only (null after).' }),
  })
  .meta({ id: 'ContactPage', description: 'One page of the active contacts, by first name.' });

/** The body with the `Idempotency-Key` header's value, which wins over one in the body. */
function withIdempotencyKey(body: unknown, header: string | string[] | undefined) {
  const input = untrusted(body) as Record<string, unknown>;
  return header === undefined ? input : { ...input, idempotencyKey: header };
}

/** Applies a legacy change (already checked) to contact `id`; answers the card-shaped contact. */
async function updateLegacy(caller: Caller, id: string, values: LegacyContactUpdateValues) {
  const current = needsCurrent(values) ? await caller.contacts.byId({ id }) : undefined;
  return caller.contacts.update({ id, ...fromLegacyUpdate(values, current!) });
}

/**
 * The legacy contact paths: create, list, read and edit, in the legacy shape with the
 * product's success messages (docs/product/legacy-api.md#contacts-favorites-trash). Each
 * checks the session first, so a signed-out client gets 403 whatever it sent.
 */
export const contactsRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/contacts',
    successStatus: 201,
    doc: {
      operationId: 'createContact',
      summary: 'Create a contact; an Idempotency-Key header makes a retry answer the same one',
      tag: 'Contacts',
      signedIn: true,
      body: legacyContactCreateInput,
      headers: idempotencyHeaders,
      data: contactSchema,
      errors: [400, 409, 422],
      example: { body: contactCreateExample, data: contactExample, message: 'Contact Created' },
    },
    // A retried POST with the same Idempotency-Key and body answers the contact the first one
    // made; another body with that key is a 422, a replay of a trashed contact a 409.
    handle: async ({ caller, userId, body, req }) => {
      const owner = await userId();
      const input = withIdempotencyKey(body, req.headers['idempotency-key']);
      const values = legacyContactCreateInput.parse(input);
      const contact = await caller.contacts.create(fromLegacyCreate(values));
      return { data: toLegacyContact(contact, owner), message: 'Contact Created' };
    },
  },
  {
    method: 'GET',
    path: '/contacts',
    doc: {
      operationId: 'listContacts',
      summary: 'Every active contact, by name; or one page of them with `limit` or `cursor`',
      description:
        'Without `limit` and `cursor`, `data` is every active contact, as the legacy contract ' +
        'says. With either, `data` is one page, `{items, nextCursor, total}`: send ' +
        '`nextCursor` back as `cursor` until it is null. The envelope stays ' +
        '`{success, message, data}` either way.',
      tag: 'Contacts',
      signedIn: true,
      query: contactsPageQuery,
      data: z.union([z.array(contactSchema), contactsPageSchema]),
      errors: [400],
      example: { data: [contactExample] },
    },
    handle: async ({ caller, userId, query }) => {
      const owner = await userId();
      const page = contactsPageQuery.parse({ limit: query.limit, cursor: query.cursor });
      if (page.limit === undefined && page.cursor === undefined) {
        const { items } = await caller.contacts.list({ limit: null });
        return { data: items.map((contact) => toLegacyContact(contact, owner)) };
      }
      const { items, nextCursor, total } = await caller.contacts.list({
        ...(page.limit === undefined ? {} : { limit: page.limit }),
        cursor: page.cursor ?? null,
      });
      return {
        data: { items: items.map((c) => toLegacyContact(c, owner)), nextCursor, total },
      };
    },
  },
  {
    method: 'GET',
    path: '/contacts/:id',
    doc: {
      operationId: 'getContact',
      summary: 'One contact',
      tag: 'Contacts',
      signedIn: true,
      data: contactSchema,
      errors: [400, 404],
      example: { data: contactExample },
    },
    handle: async ({ caller, userId, params }) => {
      const owner = await userId();
      return { data: toLegacyContact(await caller.contacts.byId({ id: params.id! }), owner) };
    },
  },
  {
    method: 'PATCH',
    path: '/contacts/:id',
    doc: {
      operationId: 'updateContact',
      summary: 'Change some fields of a contact',
      tag: 'Contacts',
      signedIn: true,
      body: legacyContactUpdateInput,
      data: contactSchema,
      errors: [400, 404],
      example: {
        body: {
          phone: '+44 20 7946 0002',
          worksAt: { companyName: 'Analytical Engines', jobTitle: 'Inventor' },
        },
        data: contactExample,
        message: 'Contact Updated',
      },
    },
    handle: async ({ caller, userId, params, body }) => {
      const owner = await userId();
      const values = legacyContactUpdateInput.parse(untrusted(body));
      const contact = await updateLegacy(caller, params.id!, values);
      return { data: toLegacyContact(contact, owner), message: 'Contact Updated' };
    },
  },
  {
    method: 'PUT',
    path: '/contacts/:id',
    doc: {
      operationId: 'editContactWithPhoto',
      summary: 'Edit a contact from the edit form, with a new photo',
      tag: 'Contacts',
      signedIn: true,
      form: contactEditForm,
      data: contactSchema,
      errors: [400, 404, 413],
      example: {
        body: {
          name: 'Charles Babbage',
          phone: '+44 20 7946 0001',
          worksAt: '{"companyName":"Analytical Engines","jobTitle":"Inventor"}',
          avatarImage: '(the photo file)',
        },
        data: contactExample,
        message: 'Contact Updated',
      },
    },
    handle: async ({ caller, userId, params, req }) => {
      const owner = await userId();
      const { fields, file } = await readMultipart(req, 'avatarImage');
      const form = parseJsonFields(fields, ['avatar', 'birthday', 'location', 'worksAt']);
      if (file) {
        const current = (form.avatar ?? {}) as { publicId?: string };
        const { image } = await caller.images.upload({ data: file });
        form.avatar = { ...current, publicId: image.publicId };
      }
      const values = legacyContactUpdateInput.parse(form);
      const contact = await updateLegacy(caller, params.id!, values);
      return { data: toLegacyContact(contact, owner), message: 'Contact Updated' };
    },
  },
  {
    method: 'POST',
    path: '/contacts/export',
    doc: {
      operationId: 'exportContacts',
      summary: 'Export contacts as a vCard or CSV file, its text in `data.content`',
      description:
        'All contacts not in the Trash, or the `favorites`, one `labelId`’s, or `contactIds`, ' +
        'less `exceptIds`, sorted by name: vCard 4.0 (`vcf`, photos and labels in it), 3.0 ' +
        '(`vcf3`) or Google-compatible CSV (`csv`). Spends one of the account’s heavy calls ' +
        '(429 past them).',
      tag: 'Export',
      signedIn: true,
      body: contactExportInput,
      data: z
        .object({
          filename: z.string().meta({ description: '`kith-contacts-2026-11-26.vcf`' }),
          contentType: z.string().meta({ description: '`text/vcard` or `text/csv`, with charset' }),
          content: z.string().meta({ description: 'The file’s text.' }),
        })
        .meta({ id: 'ExportedFile' }),
      errors: [400, 404, 429],
      example: {
        body: { format: 'vcf', favorites: true },
        data: {
          filename: 'kith-favorites-2026-11-26.vcf',
          contentType: 'text/vcard; charset=utf-8',
          content:
            'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Charles Babbage\r\nN:Babbage;Charles;;;\r\nEND:VCARD\r\n',
        },
      },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.contacts.export(untrusted(body)),
    }),
  },
];
