import { CONTACT_LIMITS, contactLimitProblem, singleLineText } from '@kith/validators';
import { propertyValue, propertyValues, unescapeText, unfold, unfoldedLines } from './lines';
import { escapeText, formatVCard, type VCardProperty, type VCardVersion } from './write';

/**
 * Group cards: a label as a vCard that lists its members (RFC 6350 `KIND:group` and `MEMBER`,
 * or Apple's vCard 3.0 `X-ADDRESSBOOKSERVER-KIND:group` and `X-ADDRESSBOOKSERVER-MEMBER`),
 * read from what CardDAV clients and files send, and written for the clients that keep them.
 */

/**
 * Whether a card is a group: Apple's `X-ADDRESSBOOKSERVER-KIND:group` (vCard 3.0) or RFC 6350
 * `KIND:group`.
 */
export function isGroupCard(body: string): boolean {
  // One search over the unfolded text: splitting a 100,000-line card into lines and matching
  // each twice took 50 to 140 ms.
  return /^(?:[\w-]+\.)?(?:X-ADDRESSBOOKSERVER-KIND|KIND)(?:;[^:\r\n]*)?:[ \t]*group[ \t]*\r?$/im.test(
    unfold(body),
  );
}

/** The label's name for a group card that has none. */
export const UNNAMED_GROUP = 'Unnamed group';

/** A group card as sent: its UID, name and member URIs. */
export interface IncomingGroup {
  uid: string;
  name: string;
  members: string[];
}

/**
 * Reads a group card (Apple's `X-ADDRESSBOOKSERVER-MEMBER`, RFC 6350 `MEMBER`, each
 * `urn:uuid:<member UID>`). The name loses its control characters (`singleLineText`); a group
 * with no name is called `UNNAMED_GROUP`. Whether it keeps to the limits is
 * `groupCardProblem`'s question.
 */
export function readGroupCard(body: string, fallbackUid: string): IncomingGroup {
  const lines = unfoldedLines(body);
  const first = (name: string) => propertyValue(lines, name)?.trim();
  // RFC 6350 lets FN be empty; a label needs a name, so a group without one gets a stand-in.
  const name =
    singleLineText(unescapeText(first('FN') || first('N')?.split(';')[0] || '')).trim() ||
    UNNAMED_GROUP;
  const members = ['X-ADDRESSBOOKSERVER-MEMBER', 'MEMBER'].flatMap((property) =>
    propertyValues(lines, property).map((value) => value.trim()),
  );
  return { uid: unescapeText(first('UID') ?? '') || fallbackUid, name, members };
}

/**
 * Why a group card cannot be kept, or null: more members than `CONTACT_LIMITS.groupMembers`,
 * or a name past the length of a label (`contactLimitProblem`, the rule a card's CATEGORIES
 * meet), in words for the person. A card past a limit is refused whole, never cut short.
 */
export function groupCardProblem(group: IncomingGroup): string | null {
  const max = CONTACT_LIMITS.groupMembers;
  if (group.members.length > max) {
    return `This group card lists ${group.members.length.toLocaleString('en-US')} members; a group card lists at most ${max.toLocaleString('en-US')}.`;
  }
  return contactLimitProblem({ givenName: '', familyName: '', labels: [group.name] });
}

/** A member's UID as a group card lists it: a URI, `urn:uuid:` before a bare UID. */
function memberUri(uid: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(uid) ? uid : `urn:uuid:${uid}`;
}

/** The contact UIDs a member URI may name: as written, and without `urn:uuid:`. */
export function memberUids(uri: string): string[] {
  const bare = uri.replace(/^urn:uuid:/i, '');
  return bare === uri ? [uri] : [uri, bare];
}

/** What a label's group card is written from. */
export interface GroupCardContent {
  uid: string;
  name: string;
  /** The members' UIDs. */
  members: string[];
}

/**
 * A label as a group card: vCard 3.0 with Apple's `X-ADDRESSBOOKSERVER-KIND:group` and a
 * `X-ADDRESSBOOKSERVER-MEMBER` per contact, or 4.0 with `KIND:group` and `MEMBER`.
 */
export function groupVCard(
  group: GroupCardContent,
  revisionDate: Date,
  version: VCardVersion,
): string {
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
