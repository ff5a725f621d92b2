import { z } from 'zod';
import { contactId, contactIdsInput } from './contacts';

/** The lists a selection can cover: SPEC §2's Contacts, Favorites and Trash. */
export const SELECTABLE_LISTS = ['contacts', 'favorites', 'trash'] as const;

/**
 * "Select All" over a whole list, rows never loaded included (issue 19: the web list fetches
 * only the rows on screen): every contact of `list` (with `labelId`, only that label's
 * contacts) except `exceptIds`, the ones unticked after "Select All". The server resolves it
 * when the action runs, so it covers the list as it is then.
 */
export const listSelection = z.object({
  list: z.enum(SELECTABLE_LISTS),
  labelId: z.uuid().optional(),
  exceptIds: z.array(contactId).max(10_000).default([]),
});
export type ListSelection = z.input<typeof listSelection>;

/**
 * The contacts a bulk call acts on: `{contactIds}` (SPEC §7's shape, at most 10,000) or
 * `{all}`, a whole list but some (`listSelection`).
 */
export const bulkContactsInput = z.union([contactIdsInput, z.object({ all: listSelection })]);
export type BulkContactsInput = z.input<typeof bulkContactsInput>;
export type BulkContacts = z.output<typeof bulkContactsInput>;
