import { contactIdsInput } from '@kith/validators';
import { z } from 'zod';
import { untrusted, type RestRoute } from '../rest/adapter';
import {
  EXAMPLE_TIME,
  changedIdsExample,
  contactExample,
  contactIdsExample,
} from '../rest/openapi/examples';
import { changedIdsSchema, contactSchema } from '../rest/openapi/wire-schemas';
import { toLegacyContact } from '../contacts';

/**
 * The legacy trash paths: move to and list the trash, recover, delete forever and empty it,
 * with the product's success messages (docs/product/legacy-api.md#contacts-favorites-trash).
 */
export const trashRestRoutes: RestRoute[] = [
  {
    method: 'PATCH',
    path: '/trash/:id',
    doc: {
      operationId: 'trashContact',
      summary: 'Move a contact to the trash',
      tag: 'Trash',
      signedIn: true,
      data: changedIdsSchema,
      errors: [400],
      example: { data: changedIdsExample, message: 'Contact move to trash' },
    },
    handle: async ({ caller, params }) => ({
      data: await caller.trash.add({ id: params.id! }),
      message: 'Contact move to trash',
    }),
  },
  {
    method: 'PATCH',
    path: '/trash',
    doc: {
      operationId: 'trashContacts',
      summary: 'Move several contacts to the trash',
      tag: 'Trash',
      signedIn: true,
      body: contactIdsInput,
      data: changedIdsSchema,
      errors: [400],
      example: { body: contactIdsExample, data: changedIdsExample, message: '1 add to trash' },
    },
    handle: async ({ caller, body: input }) => {
      const result = await caller.trash.addMany(untrusted(input));
      return { data: result, message: `${result.ids.length} add to trash` };
    },
  },
  {
    method: 'GET',
    path: '/trash',
    doc: {
      operationId: 'listTrash',
      summary: 'Every trashed contact, most recent first',
      tag: 'Trash',
      signedIn: true,
      data: z.array(contactSchema),
      errors: [],
      example: { data: [{ ...contactExample, isTrashed: true, trashedAt: EXAMPLE_TIME }] },
    },
    handle: async ({ caller, userId }) => {
      const owner = await userId();
      const { items } = await caller.trash.list({ limit: null });
      return { data: items.map((contact) => toLegacyContact(contact, owner)) };
    },
  },
  {
    method: 'DELETE',
    path: '/contacts/delete',
    doc: {
      operationId: 'deleteContactsForever',
      summary: 'Delete several trashed contacts forever',
      tag: 'Trash',
      signedIn: true,
      body: contactIdsInput,
      data: changedIdsSchema,
      errors: [400],
      example: { body: contactIdsExample, data: changedIdsExample, message: '1 contacts deleted' },
    },
    handle: async ({ caller, body: input }) => {
      const result = await caller.trash.deleteMany(untrusted(input));
      return { data: result, message: `${result.ids.length} contacts deleted` };
    },
  },
  {
    method: 'DELETE',
    path: '/contacts/delete/:id',
    doc: {
      operationId: 'deleteContactForever',
      summary: 'Delete a trashed contact forever',
      tag: 'Trash',
      signedIn: true,
      data: changedIdsSchema,
      errors: [400],
      example: { data: changedIdsExample, message: 'Contact Deleted' },
    },
    handle: async ({ caller, params }) => ({
      data: await caller.trash.delete({ id: params.id! }),
      message: 'Contact Deleted',
    }),
  },
  {
    method: 'PATCH',
    path: '/contacts/recover/:id',
    doc: {
      operationId: 'recoverContact',
      summary: 'Recover a contact from the trash',
      tag: 'Trash',
      signedIn: true,
      data: changedIdsSchema,
      errors: [400],
      example: { data: changedIdsExample, message: 'Contact recovered' },
    },
    handle: async ({ caller, params }) => ({
      data: await caller.trash.recover({ id: params.id! }),
      message: 'Contact recovered',
    }),
  },
  {
    method: 'PATCH',
    path: '/contacts/recover',
    doc: {
      operationId: 'recoverContacts',
      summary: 'Recover several contacts from the trash',
      tag: 'Trash',
      signedIn: true,
      body: contactIdsInput,
      data: changedIdsSchema,
      errors: [400],
      example: { body: contactIdsExample, data: changedIdsExample, message: 'Contacts recovered' },
    },
    handle: async ({ caller, body: input }) => ({
      data: await caller.trash.recoverMany(untrusted(input)),
      message: 'Contacts recovered',
    }),
  },
  {
    method: 'DELETE',
    path: '/contacts/empty',
    doc: {
      operationId: 'emptyTrash',
      summary: 'Empty the trash',
      tag: 'Trash',
      signedIn: true,
      data: z.object({ deleted: z.int().min(0) }),
      errors: [],
      example: { data: { deleted: 3 }, message: 'Trash emptied' },
    },
    handle: async ({ caller }) => ({ data: await caller.trash.empty(), message: 'Trash emptied' }),
  },
];
