import { isUniqueViolation, schema, type Database } from '@kith/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  groupCardProblem,
  memberUids,
  readGroupCard,
  type IncomingGroup,
} from '../vcard/group-card';
import { checkConditions, type WriteConditions } from './address-book.service';
import { bookTransaction } from '../shared/write-transaction';
import { deleteOwnLabel, saveGroupLabel, setLabelMembers } from '../labels';
import { DavError, NS } from './xml';

const { contacts, labels } = schema;

/** Apple's CardDAV clients (iOS, macOS), by their user agents. */
export function isAppleClient(userAgent: string | undefined): boolean {
  return /\b(iOS|macOS|Mac ?OS ?X|dataaccessd|AddressBook|CoreDAV|accountsd)\b/i.test(
    userAgent ?? '',
  );
}

/**
 * Whether a client keeps groups as group cards, and so is shown Kith's labels as group cards
 * in the book's listings: Apple's clients (iOS, macOS) and DAVx⁵, whose default is "groups
 * are separate vCards". Every client sees CATEGORIES, and can read a group card by its name.
 */
export function readsGroupCards(userAgent: string | undefined): boolean {
  return isAppleClient(userAgent) || /\b(DAVx5|DAVdroid)\b/i.test(userAgent ?? '');
}

const VALID_DATA = { ns: NS.CARDDAV, name: 'valid-address-data' };

/**
 * Reads a group card a client PUT (`readGroupCard`), refused past a limit.
 *
 * @throws DavError 403 `valid-address-data` with more members than
 *   `CONTACT_LIMITS.groupMembers`, or a name longer than a label's, the reason as its message.
 */
export function readIncomingGroup(body: string, fallbackUid: string): IncomingGroup {
  const group = readGroupCard(body, fallbackUid);
  const problem = groupCardProblem(group);
  if (problem) throw new DavError(403, problem, VALID_DATA);
  return group;
}

/** The label whose group card is at `name`, locked for the transaction, or undefined. */
async function lockedGroup(db: Database, userId: string, name: string) {
  const [row] = await db
    .select({ id: labels.id, revision: labels.revision })
    .from(labels)
    .where(and(eq(labels.userId, userId), eq(labels.davName, name)))
    .for('update');
  return row;
}

/**
 * Stores a group card a client PUT at `name` as a label: created, or the label there renamed,
 * with exactly the listed contacts (found by UID; unknown members are left out).
 *
 * The card is not kept as sent (a label keeps its name, UID and members), so the answer carries
 * no ETag (RFC 6352 §6.3.2.3): the client reads the card back.
 *
 * @returns whether it was created.
 * @throws DavError 412 when a condition fails; 409 when another label has the name.
 */
export async function putGroup(
  db: Database,
  userId: string,
  name: string,
  group: IncomingGroup,
  conditions: WriteConditions,
): Promise<{ created: boolean }> {
  try {
    // The book lock first (a UID, a name are checked against the book), then the row.
    return await bookTransaction(db, userId, async (t) => {
      const current = await lockedGroup(t, userId, name);
      checkConditions(current, conditions);
      const [contactThere] = await t
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(eq(contacts.userId, userId), eq(contacts.davName, name), isNull(contacts.trashedAt)),
        );
      if (contactThere)
        throw new DavError(409, 'A contact has this name; a group needs a name of its own.');
      const id = await saveGroupLabel(t, userId, current?.id, {
        name: group.name,
        uid: group.uid,
        davName: name,
      });
      const wanted = group.members.flatMap(memberUids);
      const members = wanted.length
        ? await t
            .select({ id: contacts.id })
            .from(contacts)
            .where(and(eq(contacts.userId, userId), inArray(contacts.uid, wanted)))
        : [];
      await setLabelMembers(t, id, new Set(members.map((m) => m.id)));
      return { created: !current };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DavError(409, `Another label is already called “${group.name}”.`);
    }
    throw error;
  }
}

/**
 * Deletes the label a group card at `name` stands for (its contacts stay; labels have no
 * trash, as on the web).
 *
 * @returns false when there is no group there.
 * @throws DavError 412 when `If-Match` fails.
 */
export async function deleteGroup(
  db: Database,
  userId: string,
  name: string,
  conditions: WriteConditions,
): Promise<boolean> {
  return bookTransaction(db, userId, async (t) => {
    const current = await lockedGroup(t, userId, name);
    if (!current) return false;
    checkConditions(current, conditions);
    return deleteOwnLabel(t, userId, current.id);
  });
}
