import { z } from 'zod';
import { contactSort } from './contacts';

/**
 * One page of a long list, the same for every list: `cursor` from the page before, `limit`
 * items per page (default 200) or `null` for the whole list at once, as REST's GET /contacts
 * answers (SPEC §7), and `sort` (default first name). A cursor only continues the order it
 * came from.
 */
export const pageInput = z.object({
  cursor: z.string().max(500).nullish(),
  limit: z.number().int().min(1).max(1000).nullable().default(200),
  sort: contactSort.default('first_name'),
});

/** The contacts, favorites and trash lists: a page, all of it optional. */
export const listInput = pageInput.default({ limit: 200, sort: 'first_name' });
