import { contactId, contactMergeInput } from '@kith/validators';
import { z } from 'zod';
import { toLegacyContact } from '../contacts';
import { untrusted, type RestRoute } from '../rest/adapter';
import {
  contactExample,
  contactIdsExample,
  EXAMPLE_IDS,
  EXAMPLE_TIME,
} from '../rest/openapi/examples';
import { contactSchema } from '../rest/openapi/wire-schemas';

/**
 * Merge & fix over `/api/v1` (docs/rest-api.md#merge--fix, docs/api.md#api): likely
 * duplicates, their merge and its undo, and "Not duplicates". Each calls the `contacts.*`
 * procedure of the same name (merge/merge.router.ts), so a token needs `contacts:read` or
 * `contacts:write`; contacts come in the REST shape.
 */

const groupBody = z.object({ contactIds: z.array(contactId).min(2).max(20) });

const duplicatesSchema = z
  .object({
    groups: z.array(
      z.object({
        reasons: z.array(z.enum(['email', 'phone', 'name'])),
        contacts: z.array(contactSchema),
      }),
    ),
    total: z.int().min(0).meta({ description: 'Every group; the first 100 are listed.' }),
  })
  .meta({ id: 'DuplicateGroups' });

const mergedSchema = contactSchema
  .extend({
    undoToken: z.uuid().meta({ description: 'POST /contacts/merge/undo takes it, 10 minutes.' }),
  })
  .meta({ id: 'MergedContact' });

const pairsSchema = z.object({ pairs: z.int().min(0) });

const otherExample = {
  ...contactExample,
  _id: EXAMPLE_IDS.otherContact,
  phone: '+44 20 7946 0002',
  phones: [{ value: '+44 20 7946 0002', type: 'cell' }],
};

export const mergeRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/contacts/duplicates',
    doc: {
      operationId: 'listDuplicates',
      summary: 'Likely duplicates: the same email, the same phone, or very similar names',
      description:
        'The first 100 groups and how many there are. Pairs said to be "Not duplicates" link ' +
        'nothing. Spends one of the account’s heavy calls (429 past them).',
      tag: 'Merge',
      signedIn: true,
      data: duplicatesSchema,
      errors: [429],
      example: {
        data: {
          groups: [{ reasons: ['email'], contacts: [contactExample, otherExample] }],
          total: 1,
        },
      },
    },
    handle: async ({ caller, userId }) => {
      const owner = await userId();
      const { groups, total } = await caller.contacts.duplicates();
      return {
        data: {
          groups: groups.map(({ reasons, contacts }) => ({
            reasons,
            contacts: contacts.map((contact) => toLegacyContact(contact, owner)),
          })),
          total,
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/contacts/merge',
    doc: {
      operationId: 'mergeContacts',
      summary: 'Merge `mergeIds` into `keepId`; the copies go to the Trash',
      description:
        '`take` names, for each field (`name`, `email`, `phone`, `org`, `address`, `birthday`, ' +
        '`photo`), the contact whose value to keep. Every other email, phone, address and date ' +
        'joins the kept contact. The same merge sent again answers the same, having merged once.',
      tag: 'Merge',
      signedIn: true,
      body: contactMergeInput,
      data: mergedSchema,
      errors: [400, 404],
      example: {
        body: {
          keepId: EXAMPLE_IDS.contact,
          mergeIds: [EXAMPLE_IDS.otherContact],
          take: { phone: EXAMPLE_IDS.otherContact },
        },
        data: { ...contactExample, undoToken: EXAMPLE_IDS.undoToken },
        message: 'Contacts merged',
      },
    },
    handle: async ({ caller, userId, body }) => {
      const owner = await userId();
      const { undoToken, ...contact } = await caller.contacts.merge(untrusted(body));
      return {
        data: { ...toLegacyContact(contact, owner), undoToken },
        message: 'Contacts merged',
      };
    },
  },
  {
    method: 'POST',
    path: '/contacts/merge/undo',
    doc: {
      operationId: 'undoMerge',
      summary: 'Undo a merge: the kept contact as it was, the copies out of the Trash',
      description:
        '409 once the token is used or 10 minutes old, or when a contact changed since the merge.',
      tag: 'Merge',
      signedIn: true,
      body: z.object({ undoToken: z.uuid() }),
      data: z.object({ contact: contactSchema, recoveredIds: z.array(z.uuid()) }),
      errors: [400, 409],
      example: {
        body: { undoToken: EXAMPLE_IDS.undoToken },
        data: { contact: contactExample, recoveredIds: [EXAMPLE_IDS.otherContact] },
        message: 'Merge undone',
      },
    },
    handle: async ({ caller, userId, body }) => {
      const owner = await userId();
      const { contact, recoveredIds } = await caller.contacts.undoMerge(untrusted(body));
      return {
        data: { contact: toLegacyContact(contact, owner), recoveredIds },
        message: 'Merge undone',
      };
    },
  },
  {
    method: 'GET',
    path: '/contacts/duplicates/dismissed',
    doc: {
      operationId: 'listDismissedDuplicates',
      summary: 'The latest 100 pairs said to be "Not duplicates"',
      tag: 'Merge',
      signedIn: true,
      data: z.array(
        z.object({
          contacts: z.tuple([contactSchema, contactSchema]),
          dismissedAt: z.iso.datetime({ offset: true }),
        }),
      ),
      errors: [],
      example: { data: [{ contacts: [contactExample, otherExample], dismissedAt: EXAMPLE_TIME }] },
    },
    handle: async ({ caller, userId }) => {
      const owner = await userId();
      const pairs = await caller.contacts.dismissedDuplicates();
      return {
        data: pairs.map(({ contacts: [a, b], dismissedAt }) => ({
          contacts: [toLegacyContact(a, owner), toLegacyContact(b, owner)],
          dismissedAt,
        })),
      };
    },
  },
  {
    method: 'POST',
    path: '/contacts/duplicates/dismissed',
    doc: {
      operationId: 'dismissDuplicates',
      summary: '"Not duplicates": no pair of these 2 to 20 contacts is offered again',
      tag: 'Merge',
      signedIn: true,
      body: groupBody,
      data: pairsSchema,
      errors: [400, 404],
      example: { body: contactIdsExample, data: { pairs: 1 }, message: 'Not duplicates' },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.contacts.dismissDuplicates(untrusted(body)),
      message: 'Not duplicates',
    }),
  },
  {
    method: 'DELETE',
    path: '/contacts/duplicates/dismissed',
    doc: {
      operationId: 'undismissDuplicates',
      summary: 'Take "Not duplicates" back for every pair of these contacts',
      tag: 'Merge',
      signedIn: true,
      body: groupBody,
      data: pairsSchema,
      errors: [400],
      example: {
        body: contactIdsExample,
        data: { pairs: 1 },
        message: 'Offered as duplicates again',
      },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.contacts.undismissDuplicates(untrusted(body)),
      message: 'Offered as duplicates again',
    }),
  },
];
