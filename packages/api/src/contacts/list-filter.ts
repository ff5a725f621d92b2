import { schema, type Database } from '@kith/db';
import type { BulkContacts } from '@kith/validators';
import {
  and,
  eq,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { NotFoundError } from '../shared/errors';

const { contacts, labels } = schema;

/** What a call naming a label answers when the label does not exist or is someone else's. */
export const LABEL_NOT_FOUND = 'Label not found.';

/** Which list: Contacts, Favorites or Trash (docs/product/screens.md#signed-in-routes). */
export type ContactList = 'contacts' | 'favorites' | 'trash';

/**
 * The condition on `contacts` of one of the person's lists: the active contacts,
 * the favorites among them, or the trash; with `labelId`, only the contacts carrying that
 * label. The label is not checked here to be the person's: a stranger's label matches none
 * of the person's contacts. The account and the label may be placeholders of a prepared query.
 */
export function listCondition(
  userId: string | Placeholder,
  list: ContactList,
  labelId?: string | Placeholder,
): SQL {
  return and(
    eq(contacts.userId, userId),
    list === 'trash' ? isNotNull(contacts.trashedAt) : isNull(contacts.trashedAt),
    list === 'favorites' ? eq(contacts.isFavorite, true) : undefined,
    // Spelled out: Drizzle writes columns unqualified inside sql``, and the label table's
    // own columns must not shadow the contact's.
    labelId
      ? sql`exists (select 1 from contact_labels cl where cl.contact_id = "contacts"."id" and cl.label_id = ${labelId})`
      : undefined,
  )!;
}

/**
 * The condition on `contacts` of a bulk call's contacts (`bulkContactsInput`): the person's
 * own among `contactIds`, or every contact of a list but `exceptIds` ("Select All" over rows
 * the browser never loaded). Another person's ids match nothing.
 */
export function chosenContacts(userId: string, chosen: BulkContacts): SQL {
  if ('contactIds' in chosen) {
    return and(eq(contacts.userId, userId), inArray(contacts.id, chosen.contactIds))!;
  }
  const { list, labelId, exceptIds } = chosen.all;
  return and(
    listCondition(userId, list, labelId),
    exceptIds.length > 0 ? notInArray(contacts.id, exceptIds) : undefined,
  )!;
}

/** True when a bulk call names one contact by id (its refusal then says "Contact not found."). */
export function isOneContact(chosen: BulkContacts): boolean {
  return 'contactIds' in chosen && chosen.contactIds.length === 1;
}

/**
 * The person's label `labelId` (`{id, name}`): the one a label's list, its export and the
 * label calls act on.
 *
 * @throws NotFoundError (LABEL_NOT_FOUND) when the label does not exist or is someone else's.
 */
export async function ownedLabel(db: Database, userId: string, labelId: string) {
  const [label] = await db
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(and(eq(labels.id, labelId), eq(labels.userId, userId)));
  if (!label) throw new NotFoundError(LABEL_NOT_FOUND);
  return label;
}
