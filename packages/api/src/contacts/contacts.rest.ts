import { contactCreateInput, contactUpdateInput } from '@kith/validators';
import { z } from 'zod';
import { untrusted, withId, type RestRoute } from '../rest/adapter';
import { parseJsonFields, readMultipart } from '../rest/multipart';
import { contactEditForm, contactSchema } from '../rest/openapi/wire-schemas';

/** The body with the `Idempotency-Key` header's value, which wins over one in the body. */
function withIdempotencyKey(body: unknown, header: string | string[] | undefined) {
  const input = untrusted(body) as Record<string, unknown>;
  return (header === undefined ? input : { ...input, idempotencyKey: header }) as never;
}

/**
 * SPEC §7 "Contacts": create, list, read and edit, with SPEC §8's success messages.
 */
export const contactsRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/contacts',
    successStatus: 201,
    doc: {
      summary: 'Create a contact; an Idempotency-Key header makes a retry answer the same one',
      tag: 'Contacts',
      signedIn: true,
      body: contactCreateInput,
      data: contactSchema,
      errors: [400, 409, 422],
    },
    // A retried POST with the same Idempotency-Key and body answers the contact the first one
    // made; another body with that key is a 422, a replay of a trashed contact a 409.
    handle: async ({ caller, body, req }) => ({
      data: await caller.contacts.create(withIdempotencyKey(body, req.headers['idempotency-key'])),
      message: 'Contact Created',
    }),
  },
  {
    method: 'GET',
    path: '/contacts',
    doc: {
      summary: 'Every active contact, by name',
      tag: 'Contacts',
      signedIn: true,
      data: z.array(contactSchema),
      errors: [],
    },
    handle: async ({ caller }) => ({ data: (await caller.contacts.list({ limit: null })).items }),
  },
  {
    method: 'GET',
    path: '/contacts/:id',
    doc: {
      summary: 'One contact',
      tag: 'Contacts',
      signedIn: true,
      data: contactSchema,
      errors: [400, 404],
    },
    handle: async ({ caller, params }) => ({
      data: await caller.contacts.byId({ id: params.id! }),
    }),
  },
  {
    method: 'PATCH',
    path: '/contacts/:id',
    doc: {
      summary: 'Change some fields of a contact',
      tag: 'Contacts',
      signedIn: true,
      body: contactUpdateInput,
      data: contactSchema,
      errors: [400, 404],
    },
    handle: async ({ caller, params, body: input }) => ({
      data: await caller.contacts.update(withId(input, params.id!)),
      message: 'Contact Updated',
    }),
  },
  {
    method: 'PUT',
    path: '/contacts/:id',
    doc: {
      summary: 'Edit a contact from the edit form, with a new photo',
      tag: 'Contacts',
      signedIn: true,
      form: contactEditForm,
      data: contactSchema,
      errors: [400, 404, 413],
    },
    handle: async ({ caller, params, req }) => {
      const { fields, file } = await readMultipart(req, 'avatarImage');
      const values = parseJsonFields(fields, ['avatar', 'birthday', 'location', 'worksAt']);
      if (file) {
        const current = (values.avatar ?? {}) as { publicId?: string };
        const { image } = await caller.images.upload({ data: file });
        values.avatar = { ...current, publicId: image.publicId };
      }
      return {
        data: await caller.contacts.update(withId(values, params.id!)),
        message: 'Contact Updated',
      };
    },
  },
];
