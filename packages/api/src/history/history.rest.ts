import { z } from 'zod';
import { toLegacyContact, type Contact } from '../contacts';
import { untrusted, type RestRoute } from '../rest/adapter';
import { EXAMPLE_TIME, contactExample } from '../rest/openapi/examples';
import { contactSchema } from '../rest/openapi/wire-schemas';

/**
 * The history's `/api/v1` paths (docs/history.md, docs/api.md#history): a contact's History,
 * "Restore this version", and "Undo changes" for the whole book with its preview. They call
 * the `history.*` procedures, and answer contacts in the REST shape, as every `/api/v1` path
 * does (docs/decisions/0016-the-legacy-shape-only-at-the-rest-edge.md).
 */

const isoDateTime = z.iso.datetime({ offset: true });

/** Through what a change came (docs/history.md#sources). */
const changeSourceSchema = z
  .discriminatedUnion('via', [
    z.object({ via: z.literal('web') }),
    z.object({ via: z.literal('api') }),
    z.object({
      via: z.literal('carddav'),
      appPasswordId: z.uuid(),
      appPasswordName: z.string().meta({ description: 'The app password\'s name: "iPhone".' }),
    }),
    z.object({ via: z.literal('import'), importId: z.uuid() }),
    z.object({ via: z.literal('merge') }),
    z.object({
      via: z.literal('restore'),
      to: isoDateTime.meta({ description: 'The moment restored.' }),
    }),
    z.object({ via: z.literal('retention') }),
  ])
  .meta({
    id: 'ChangeSource',
    description:
      "Through what the change came: Kith's web app, the API (REST or the SDK), a CardDAV " +
      'client by its app password, an import, Merge & fix, a restore from the history, or ' +
      'the Trash emptied after 30 days.',
  });

const versionCardSchema = contactSchema
  .extend({
    labels: z
      .array(z.object({ id: z.uuid(), name: z.string() }))
      .meta({ description: 'The labels it carried.' }),
  })
  .meta({ id: 'ContactVersionCard', description: 'A contact as a version holds it.' });

const historyEntrySchema = z
  .object({
    recordedAt: isoDateTime.meta({ description: 'When the change was written.' }),
    source: changeSourceSchema
      .nullable()
      .meta({ description: 'null for a change from before sources were recorded.' }),
    card: versionCardSchema.meta({ description: 'The contact after the change.' }),
    previous: versionCardSchema
      .nullable()
      .meta({ description: 'The contact before it; null when this change created it.' }),
    versionId: z
      .uuid()
      .nullable()
      .meta({ description: 'Restores `card`; null when `card` is the contact as it is now.' }),
    previousVersionId: z
      .uuid()
      .nullable()
      .meta({ description: 'Restores `previous`; null when there is none.' }),
  })
  .meta({ id: 'ContactHistoryEntry' });

const contactHistorySchema = z
  .object({
    entries: z.array(historyEntrySchema).meta({ description: 'Newest first, at most 100.' }),
    truncated: z.boolean().meta({ description: 'Older changes are kept than those listed.' }),
  })
  .meta({ id: 'ContactHistory', description: "A contact's changes of the last 30 days." });

const undoCounts = {
  changed: z.int().min(0).meta({ description: 'Contacts that hold other values again.' }),
  recreated: z.int().min(0).meta({ description: 'Contacts deleted for good since, back.' }),
  removed: z.int().min(0).meta({ description: 'Contacts made since, deleted for good.' }),
  labels: z.int().min(0).meta({ description: 'Labels made, renamed or deleted since, put back.' }),
};

const undoPreviewSchema = z
  .object(undoCounts)
  .meta({ id: 'UndoPreview', description: 'What undoing the changes after `at` would do.' });

const undoResultSchema = z
  .object({
    ...undoCounts,
    restoredAt: isoDateTime.meta({
      description: 'When the undo was written: undo the changes from just before it to undo it.',
    }),
  })
  .meta({ id: 'UndoResult', description: 'What the undo did.' });

const moment = isoDateTime.meta({
  description:
    'An ISO 8601 date and time with its offset, within the last 30 days and not in the future.',
  example: '2026-11-26T09:30:00Z',
});

/** A version's contact in the REST shape, its labels kept beside. */
function legacyVersionCard(
  card: Contact & { labels: { id: string; name: string }[] },
  owner: string,
) {
  return { ...toLegacyContact(card, owner), labels: card.labels };
}

export const historyRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/contacts/:id/history',
    doc: {
      operationId: 'getContactHistory',
      summary: "A contact's changes of the last 30 days, newest first",
      tag: 'History',
      signedIn: true,
      data: contactHistorySchema,
      errors: [400, 404],
      example: {
        data: {
          truncated: false,
          entries: [
            {
              recordedAt: EXAMPLE_TIME,
              source: { via: 'api' },
              card: { ...contactExample, labels: [] },
              previous: null,
              versionId: null,
              previousVersionId: null,
            },
          ],
        },
      },
    },
    handle: async ({ caller, userId, params }) => {
      const owner = await userId();
      const history = await caller.history.contact({ contactId: params.id! });
      return {
        data: {
          truncated: history.truncated,
          entries: history.entries.map((entry) => ({
            ...entry,
            card: legacyVersionCard(entry.card, owner),
            previous: entry.previous && legacyVersionCard(entry.previous, owner),
          })),
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/contacts/:id/history/:versionId/restore',
    doc: {
      operationId: 'restoreContactVersion',
      summary: 'Make a contact what one of its versions holds (labels, star, photo, Trash)',
      tag: 'History',
      signedIn: true,
      data: contactSchema,
      errors: [400, 404],
      example: { data: contactExample, message: 'Version restored' },
    },
    handle: async ({ caller, userId, params }) => {
      const owner = await userId();
      await caller.history.restoreVersion({ contactId: params.id!, versionId: params.versionId! });
      const contact = await caller.contacts.byId({ id: params.id! });
      return { data: toLegacyContact(contact, owner), message: 'Version restored' };
    },
  },
  {
    method: 'GET',
    path: '/history/undo-preview',
    doc: {
      operationId: 'previewUndoChanges',
      summary: 'Count what undoing every change after a moment would do',
      tag: 'History',
      signedIn: true,
      query: z.object({ at: moment }),
      data: undoPreviewSchema,
      errors: [400],
      example: { data: { changed: 2, recreated: 1, removed: 0, labels: 0 } },
    },
    handle: async ({ caller, query }) => ({
      data: await caller.history.previewUndo(untrusted({ at: query.at })),
    }),
  },
  {
    method: 'POST',
    path: '/history/undo',
    doc: {
      operationId: 'undoChanges',
      summary: 'Put the whole book back as it was at a moment of the last 30 days',
      tag: 'History',
      signedIn: true,
      body: z.object({ at: moment }),
      data: undoResultSchema,
      errors: [400, 429],
      example: {
        body: { at: '2026-11-26T09:30:00Z' },
        data: { changed: 2, recreated: 1, removed: 0, labels: 0, restoredAt: EXAMPLE_TIME },
        message: 'Changes undone',
      },
    },
    handle: async ({ caller, body }) => ({
      data: await caller.history.undoChanges(untrusted(body)),
      message: 'Changes undone',
    }),
  },
];
