import {
  legacyContactCreateInput,
  legacyContactUpdateInput,
  type LegacyContactUpdateValues,
} from '@kith/validators/legacy-contact';
import { z } from 'zod';
import { untrusted, type Caller, type RestRoute } from '../rest/adapter';
import { parseJsonFields, readMultipart } from '../rest/multipart';
import { contactEditForm, contactSchema } from '../rest/openapi/wire-schemas';
import {
  fromLegacyCreate,
  fromLegacyUpdate,
  needsCurrent,
  toLegacyContact,
} from './legacy-contact.rest';

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
      summary: 'Create a contact; an Idempotency-Key header makes a retry answer the same one',
      tag: 'Contacts',
      signedIn: true,
      body: legacyContactCreateInput,
      data: contactSchema,
      errors: [400, 409, 422],
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
      summary: 'Every active contact, by name',
      tag: 'Contacts',
      signedIn: true,
      data: z.array(contactSchema),
      errors: [],
    },
    handle: async ({ caller, userId }) => {
      const owner = await userId();
      const { items } = await caller.contacts.list({ limit: null });
      return { data: items.map((contact) => toLegacyContact(contact, owner)) };
    },
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
    handle: async ({ caller, userId, params }) => {
      const owner = await userId();
      return { data: toLegacyContact(await caller.contacts.byId({ id: params.id! }), owner) };
    },
  },
  {
    method: 'PATCH',
    path: '/contacts/:id',
    doc: {
      summary: 'Change some fields of a contact',
      tag: 'Contacts',
      signedIn: true,
      body: legacyContactUpdateInput,
      data: contactSchema,
      errors: [400, 404],
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
      summary: 'Edit a contact from the edit form, with a new photo',
      tag: 'Contacts',
      signedIn: true,
      form: contactEditForm,
      data: contactSchema,
      errors: [400, 404, 413],
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
];
