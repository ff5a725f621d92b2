import { z } from 'zod';
import { contactSort } from './contacts';

/**
 * One page of a long list, the same for every list: `cursor` from the page before, or
 * `offset`, the position of the page's first item (a window anywhere in the list: the web
 * list fetches only the rows on screen), not both; with `fromEnd`, `offset` counts
 * from the list's end (the last rows are as cheap to read as the first; the items still come
 * in list order); `limit` items per page (default
 * 200) or `null` for the whole list at once, as REST's GET /contacts answers
 * (docs/product/legacy-api.md#contacts-favorites-trash), and
 * `sort` (default first name). A cursor only continues the order it came from.
 */
export const pageInput = z.object({
  cursor: z.string().max(500).nullish(),
  offset: z.number().int().min(0).max(10_000_000).optional(),
  fromEnd: z.boolean().optional(),
  limit: z.number().int().min(1).max(1000).nullable().default(200),
  sort: contactSort.default('first_name'),
});

/** The contacts, favorites and trash lists: a page, all of it optional. */
export const listInput = pageInput.default({ limit: 200, sort: 'first_name' });

/**
 * A list screen's rows (`contacts.listItems`): a page of the contacts, the favorites or the
 * trash (default the contacts).
 */
export const listItemsInput = pageInput.extend({
  list: z.enum(['contacts', 'favorites', 'trash']).default('contacts'),
});

/**
 * The A-Z index of a list sorted by name (the rail at the list's right edge, as phones'
 * address books have): the contacts or favorites (with `labelId`, one label's contacts) in
 * the first-name or last-name order.
 */
export const letterIndexInput = z.object({
  list: z.enum(['contacts', 'favorites']).default('contacts'),
  labelId: z.uuid().optional(),
  sort: z.enum(['first_name', 'last_name']).default('first_name'),
});
export type LetterIndexInput = z.output<typeof letterIndexInput>;
