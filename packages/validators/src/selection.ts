import { z } from 'zod';
import { contactId, contactIdsInput } from './contacts';

/** The lists a selection can cover: Contacts, Favorites and Trash (docs/product/screens.md). */
export const SELECTABLE_LISTS = ['contacts', 'favorites', 'trash'] as const;

/**
 * "Select All" over a whole list, rows never loaded included (the web list fetches only the
 * rows on screen: docs/decisions/0010-lists-read-by-window.md): every contact of `list`
 * (with `labelId`, only that label's contacts) except `exceptIds`, the ones unticked after
 * "Select All". The server resolves it when the action runs, so it covers the list as it is
 * then.
 */
export const listSelection = z.object({
  list: z.enum(SELECTABLE_LISTS),
  labelId: z.uuid().optional(),
  exceptIds: z.array(contactId).max(10_000).default([]),
});
export type ListSelection = z.input<typeof listSelection>;

/**
 * The contacts a bulk call acts on: `{contactIds}` (the legacy shape,
 * docs/product/legacy-api.md#contacts-favorites-trash; at most 10,000) or
 * `{all}`, a whole list but some (`listSelection`).
 */
export const bulkContactsInput = z.union([contactIdsInput, z.object({ all: listSelection })]);
export type BulkContactsInput = z.input<typeof bulkContactsInput>;
export type BulkContacts = z.output<typeof bulkContactsInput>;
