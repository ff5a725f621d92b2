import { isUniqueViolation, schema, type Database } from '@kith/db';
import { CONTACT_LIMITS, LABEL_NAME_MAX, singleLineText } from '@kith/validators';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { escapeText, formatVCard, type VCardProperty, type VCardVersion } from '../vcard/write';
import { checkConditions, type WriteConditions } from './address-book.service';
import { bookTransaction } from '../shared/write-transaction';
import type { GroupCard } from './book-cards';
import { DavError, NS } from './xml';

const { contacts, contactLabels, labels } = schema;

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

/** A vCard's lines with folding undone (RFC 6350 §3.2). */
function unfolded(text: string): string[] {
  return text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
}

/** Every value of property `name` (any group, any parameters). */
function values(lines: string[], name: string): string[] {
  const pattern = new RegExp(`^(?:[\\w-]+\\.)?${name}(?:;[^:]*)?:(.*)$`, 'i');
  return lines.flatMap((line) => {
    const match = pattern.exec(line);
    return match ? [match[1]!.trim()] : [];
  });
}

function unescape(text: string): string {
  return text.replace(/\\([,;:\\])/g, '$1').replace(/\\n/gi, '\n');
}

/**
 * Whether a card is a group: Apple's `X-ADDRESSBOOKSERVER-KIND:group` (vCard 3.0) or RFC 6350
 * `KIND:group`.
 */
export function isGroupCard(body: string): boolean {
  // One search over the unfolded text: splitting a 100,000-line card into lines and matching
  // each twice took 50 to 140 ms.
  return /^(?:[\w-]+\.)?(?:X-ADDRESSBOOKSERVER-KIND|KIND)(?:;[^:\r\n]*)?:[ \t]*group[ \t]*\r?$/im.test(
    body.replace(/\r?\n[ \t]/g, ''),
  );
}

/** The label's name for a group card that has none. */
export const UNNAMED_GROUP = 'Unnamed group';

/** A group card a client sent: its UID, name and member UIDs. */
export interface IncomingGroup {
  uid: string;
  name: string;
  members: string[];
}

/**
 * Reads a group card (Apple's `X-ADDRESSBOOKSERVER-MEMBER`, RFC 6350 `MEMBER`, each
 * `urn:uuid:<member UID>`).
 *
 * The name loses its control characters (`singleLineText`) and is cut to a label's length; a
 * group with no name is called `UNNAMED_GROUP`.
 *
 * @throws DavError 403 `valid-address-data` with more members than `CONTACT_LIMITS.groupMembers`.
 */
export function readIncomingGroup(body: string, fallbackUid: string): IncomingGroup {
  const lines = unfolded(body);
  // RFC 6350 lets FN be empty; a label needs a name, so a group without one gets a stand-in.
  const name =
    singleLineText(
      unescape(values(lines, 'FN')[0] || values(lines, 'N')[0]?.split(';')[0] || ''),
    ).trim() || UNNAMED_GROUP;
  const members = [...values(lines, 'X-ADDRESSBOOKSERVER-MEMBER'), ...values(lines, 'MEMBER')];
  if (members.length > CONTACT_LIMITS.groupMembers) {
    throw new DavError(
      403,
      `This group card lists ${members.length.toLocaleString('en-US')} members; a group card lists at most ${CONTACT_LIMITS.groupMembers.toLocaleString('en-US')}.`,
      { ns: NS.CARDDAV, name: 'valid-address-data' },
    );
  }
  return {
    uid: unescape(values(lines, 'UID')[0] ?? '') || fallbackUid,
    name: name.slice(0, LABEL_NAME_MAX),
    members,
  };
}

/** A member's UID as a group card lists it: a URI, `urn:uuid:` before a bare UID. */
function memberUri(uid: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(uid) ? uid : `urn:uuid:${uid}`;
}

/** The contact UIDs a member URI may name: as written, and without `urn:uuid:`. */
function memberUids(uri: string): string[] {
  const bare = uri.replace(/^urn:uuid:/i, '');
  return bare === uri ? [uri] : [uri, bare];
}

/**
 * A label as a group card: vCard 3.0 with Apple's `X-ADDRESSBOOKSERVER-KIND:group` and a
 * `X-ADDRESSBOOKSERVER-MEMBER` per contact, or 4.0 with `KIND:group` and `MEMBER`.
 */
export function groupVCard(group: GroupCard, revisionDate: Date, version: VCardVersion): string {
  const v4 = version === '4.0';
  const props: VCardProperty[] = [
    { name: 'FN', value: group.name },
    { name: 'N', value: [group.name, '', '', '', ''] },
    v4
      ? { name: 'KIND', value: 'group', raw: true }
      : { name: 'X-ADDRESSBOOKSERVER-KIND', value: 'group', raw: true },
    ...group.members.map((uid) => ({
      name: v4 ? 'MEMBER' : 'X-ADDRESSBOOKSERVER-MEMBER',
      value: memberUri(uid),
      raw: true,
    })),
    { name: 'UID', value: escapeText(group.uid), raw: true },
    {
      name: 'REV',
      value: revisionDate
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
      raw: true,
    },
  ];
  return formatVCard(props, version);
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
      let id: string;
      if (current) {
        id = current.id;
        // A group card the client sent makes the label its own, empty or not.
        await t
          .update(labels)
          .set({ name: group.name, uid: group.uid, madeFromCard: false })
          .where(eq(labels.id, id));
      } else {
        const [row] = await t
          .insert(labels)
          .values({ userId, name: group.name, uid: group.uid, davName: name })
          .returning({ id: labels.id });
        id = row!.id;
      }
      const wanted = group.members.flatMap(memberUids);
      const members = wanted.length
        ? await t
            .select({ id: contacts.id })
            .from(contacts)
            .where(and(eq(contacts.userId, userId), inArray(contacts.uid, wanted)))
        : [];
      const memberIds = new Set(members.map((m) => m.id));
      const present = await t
        .select({ contactId: contactLabels.contactId })
        .from(contactLabels)
        .where(eq(contactLabels.labelId, id));
      const leaving = present.map((p) => p.contactId).filter((c) => !memberIds.has(c));
      if (leaving.length) {
        await t
          .delete(contactLabels)
          .where(and(eq(contactLabels.labelId, id), inArray(contactLabels.contactId, leaving)));
      }
      const before = new Set(present.map((p) => p.contactId));
      const joining = [...memberIds].filter((c) => !before.has(c));
      if (joining.length) {
        await t
          .insert(contactLabels)
          .values(joining.map((contactId) => ({ contactId, labelId: id })))
          .onConflictDoNothing();
      }
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
    await t.delete(labels).where(eq(labels.id, current.id));
    return true;
  });
}
