import { z } from 'zod';
import { CONTACT_LIMITS } from './contact-limits';
import { contactId } from './contacts';
import { pageInput } from './paging';
import { listSelection } from './selection';

/**
 * Longest label name, in characters: a vCard's CATEGORIES value becomes a label, and real
 * address books hold categories longer than a word (docs/request-limits.md).
 */
export const LABEL_NAME_MAX = CONTACT_LIMITS.labelName;

/** A label's name: trimmed, 1 to `LABEL_NAME_MAX` characters. */
export const labelName = z
  .string()
  .trim()
  .min(1, { error: 'Label name is required' })
  .max(LABEL_NAME_MAX, { error: `Label names are at most ${LABEL_NAME_MAX} characters` });

/** Create a label. */
export const labelCreateInput = z.object({ name: labelName });

/** Rename a label. */
export const labelRenameInput = z.object({ id: z.uuid(), name: labelName });

/** One label, by id. */
export const labelIdInput = z.object({ id: z.uuid() });

/**
 * Give contacts a label, or take it from them: `contactIds` (at most 10,000 at once) or `all`,
 * a whole list but some (`listSelection`, "Select All" in the web app).
 */
export const labelAssignInput = z.union([
  z.object({
    labelId: z.uuid(),
    contactIds: z.array(contactId).min(1, { error: 'Select at least one contact' }).max(10_000),
  }),
  z.object({ labelId: z.uuid(), all: listSelection }),
]);

/** One page of a label's contacts: a page of the list, and the label. */
export const labelListInput = pageInput.extend({ labelId: z.uuid() });
