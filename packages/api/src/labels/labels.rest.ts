import { bulkContactsInput, labelCreateInput, labelName } from '@kith/validators';
import { z } from 'zod';
import { toLegacyContact } from '../contacts';
import { untrusted, withFields, type RestRoute } from '../rest/adapter';
import { contactExample, contactIdsExample, EXAMPLE_IDS } from '../rest/openapi/examples';
import { contactSchema } from '../rest/openapi/wire-schemas';

/**
 * Labels over `/api/v1` (docs/rest-api.md#labels): list, create, rename, delete, give and take
 * away, a contact's labels and a label's contacts, a page at a time. Each path calls the
 * `labels.*` procedure the web app calls (docs/decisions/0001-legacy-rest-over-the-same-procedures.md),
 * so a token needs `labels:read` or `labels:write` (docs/api-tokens.md#scopes).
 */

const labelSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    count: z.int().min(0).meta({ description: 'Its contacts, leaving out the Trash.' }),
  })
  .meta({ id: 'Label', description: 'A label (vCard CATEGORIES) and how many contacts carry it.' });

const labelRefSchema = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'LabelRef' });

const changedSchema = z.object({
  changed: z.int().min(0).meta({ description: 'Contacts that newly carry it (or lost it).' }),
  contactIds: z.array(z.uuid()).meta({ description: 'Those contacts: what an undo takes back.' }),
});

/** A page of one label's contacts (`labels.contacts`), the contacts in the REST shape. */
const labelPageSchema = z
  .object({
    label: labelRefSchema,
    items: z.array(contactSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Send as `cursor` for the next page; null on the last page.' }),
    total: z.int().min(0).nullable().meta({ description: 'On the first page only.' }),
  })
  .meta({ id: 'LabelContactPage' });

const pageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .meta({ description: 'Contacts per page, 1 to 1,000; 200 when left out.' }),
  cursor: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .meta({ description: "The page before's `nextCursor`; leave out for the first page." }),
});

const labelExample = { id: EXAMPLE_IDS.label, name: 'Family', count: 12 };

export const labelsRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/labels',
    doc: {
      operationId: 'listLabels',
      summary: 'Every label, A to Z, with how many contacts carry it',
      tag: 'Labels',
      signedIn: true,
      data: z.array(labelSchema),
      errors: [],
      example: { data: [labelExample] },
    },
    handle: async ({ caller }) => ({ data: await caller.labels.list() }),
  },
  {
    method: 'POST',
    path: '/labels',
    successStatus: 201,
    doc: {
      operationId: 'createLabel',
      summary: 'Create a label; 409 when one of that name (any case) exists',
      tag: 'Labels',
      signedIn: true,
      body: labelCreateInput,
      data: labelSchema,
      errors: [400, 409],
      example: {
        body: { name: 'Family' },
        data: { ...labelExample, count: 0 },
        message: 'Label created',
      },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.labels.create(untrusted(body)),
      message: 'Label created',
    }),
  },
  {
    method: 'PATCH',
    path: '/labels/:id',
    doc: {
      operationId: 'renameLabel',
      summary: 'Rename a label; 409 when the name is taken',
      tag: 'Labels',
      signedIn: true,
      body: z.object({ name: labelName }),
      data: labelRefSchema,
      errors: [400, 404, 409],
      example: {
        body: { name: 'Close family' },
        data: { id: EXAMPLE_IDS.label, name: 'Close family' },
        message: 'Label renamed',
      },
    },
    handle: async ({ caller, params, body }) => {
      return {
        data: await caller.labels.rename(withFields(body, { id: params.id })),
        message: 'Label renamed',
      };
    },
  },
  {
    method: 'DELETE',
    path: '/labels/:id',
    doc: {
      operationId: 'deleteLabel',
      summary: 'Delete a label; its contacts stay',
      tag: 'Labels',
      signedIn: true,
      data: z.object({ id: z.uuid() }),
      errors: [400, 404],
      example: { data: { id: EXAMPLE_IDS.label }, message: 'Label deleted' },
    },
    handle: async ({ caller, params }) => ({
      data: await caller.labels.delete({ id: params.id! }),
      message: 'Label deleted',
    }),
  },
  {
    method: 'GET',
    path: '/labels/:id/contacts',
    doc: {
      operationId: 'listLabelContacts',
      summary: "One page of a label's contacts (not in the Trash), by first name",
      description:
        'Send `nextCursor` back as `cursor` until it is null; `total` counts them on the first page.',
      tag: 'Labels',
      signedIn: true,
      query: pageQuery,
      data: labelPageSchema,
      errors: [400, 404],
      example: {
        data: {
          label: { id: EXAMPLE_IDS.label, name: 'Family' },
          items: [contactExample],
          nextCursor: null,
          total: 1,
        },
      },
    },
    handle: async ({ caller, userId, params, query }) => {
      const owner = await userId();
      const page = pageQuery.parse({ limit: query.limit, cursor: query.cursor });
      const { label, items, nextCursor, total } = await caller.labels.contacts({
        labelId: params.id!,
        cursor: page.cursor ?? null,
        ...(page.limit === undefined ? {} : { limit: page.limit }),
      });
      return {
        data: {
          label,
          items: items.map((contact) => toLegacyContact(contact, owner)),
          nextCursor,
          total,
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/labels/:id/contacts',
    doc: {
      operationId: 'assignLabel',
      summary: 'Give a label to contacts: `{contactIds}`, or a whole list but some (`{all}`)',
      tag: 'Labels',
      signedIn: true,
      body: bulkContactsInput,
      data: changedSchema,
      errors: [400, 404],
      example: {
        body: contactIdsExample,
        data: { changed: 2, contactIds: contactIdsExample.contactIds },
        message: 'Label given',
      },
    },
    handle: async ({ caller, params, body }) => ({
      data: await caller.labels.assign(withFields(body, { labelId: params.id })),
      message: 'Label given',
    }),
  },
  {
    method: 'DELETE',
    path: '/labels/:id/contacts',
    doc: {
      operationId: 'unassignLabel',
      summary: 'Take a label from contacts: `{contactIds}`, or a whole list but some (`{all}`)',
      tag: 'Labels',
      signedIn: true,
      body: bulkContactsInput,
      data: changedSchema,
      errors: [400, 404],
      example: {
        body: contactIdsExample,
        data: { changed: 1, contactIds: [EXAMPLE_IDS.contact] },
        message: 'Label taken away',
      },
    },
    handle: async ({ caller, params, body }) => ({
      data: await caller.labels.unassign(withFields(body, { labelId: params.id })),
      message: 'Label taken away',
    }),
  },
  {
    method: 'GET',
    path: '/contacts/:id/labels',
    doc: {
      operationId: 'listContactLabels',
      summary: "A contact's labels, A to Z",
      tag: 'Labels',
      signedIn: true,
      data: z.array(labelRefSchema),
      errors: [400, 404],
      example: { data: [{ id: EXAMPLE_IDS.label, name: 'Family' }] },
    },
    handle: async ({ caller, params }) => ({
      data: await caller.labels.ofContact({ contactId: params.id! }),
    }),
  },
];
