import { hash } from 'node:crypto';
import type { schema } from '@kith/db';
import { contactProperties, contactToVCard, type EmbeddedPhoto } from './contact-vcard';
import { formatProperty, type VCardProperty, type VCardVersion } from './write';

/**
 * The card is the record (docs/card-is-the-record.md): a contact keeps the vCard a client or
 * a file sent, and is served as that text. The columns Kith lists, sorts and searches by are
 * read from it; an edit made in Kith changes columns only, and when the card is served the
 * properties of each group of fields that changed since the card was read are written anew
 * into it, every other line kept octet for octet.
 */

type ContactRow = typeof schema.contacts.$inferSelect;

/** The columns a card's fields are read into. */
export type CardFields = Pick<
  ContactRow,
  | 'givenName'
  | 'familyName'
  | 'formattedName'
  | 'nameIsStandIn'
  | 'additionalNames'
  | 'honorificPrefixes'
  | 'honorificSuffixes'
  | 'nickname'
  | 'org'
  | 'orgUnits'
  | 'title'
  | 'emails'
  | 'phones'
  | 'addresses'
  | 'urls'
  | 'impps'
  | 'related'
  | 'dates'
  | 'note'
  | 'birthdayDay'
  | 'birthdayMonth'
  | 'birthdayYear'
  | 'extra'
  | 'isFavorite'
  | 'photoImageId'
>;

/**
 * Each group of fields and the vCard properties (RFC 6350 §6, Apple's 3.0 extensions) it is
 * written as. A change of any field of a group rewrites all of the group's properties.
 *
 * A group's fingerprint is stored with each card (`card_basis`), so what a group reads must
 * not change for the fields it already had: a field added to a group counts only when set.
 */
const FIELD_GROUPS: Record<string, { properties: string[]; of: (c: CardFields) => unknown }> = {
  name: {
    properties: ['FN', 'N'],
    // The display name counts only when there is one, so a card stored before Kith kept it
    // keeps the fingerprint it was stored with.
    of: (c) => [
      c.givenName,
      c.familyName,
      c.additionalNames,
      c.honorificPrefixes,
      c.honorificSuffixes,
      ...(c.formattedName ? [c.formattedName] : []),
      ...(c.nameIsStandIn ? ['stand-in'] : []),
    ],
  },
  nickname: { properties: ['NICKNAME'], of: (c) => c.nickname },
  emails: { properties: ['EMAIL'], of: (c) => c.emails },
  phones: { properties: ['TEL'], of: (c) => c.phones },
  addresses: { properties: ['ADR'], of: (c) => c.addresses },
  organization: { properties: ['ORG'], of: (c) => [c.org, c.orgUnits] },
  title: { properties: ['TITLE'], of: (c) => c.title },
  urls: { properties: ['URL'], of: (c) => c.urls },
  impps: { properties: ['IMPP'], of: (c) => c.impps },
  birthday: { properties: ['BDAY'], of: (c) => [c.birthdayDay, c.birthdayMonth, c.birthdayYear] },
  dates: { properties: ['ANNIVERSARY', 'X-ANNIVERSARY', 'X-ABDATE'], of: (c) => c.dates },
  related: { properties: ['RELATED', 'X-ABRELATEDNAMES'], of: (c) => c.related },
  note: { properties: ['NOTE'], of: (c) => c.note },
  photo: { properties: ['PHOTO'], of: (c) => c.photoImageId },
};

/** Properties that only describe the property of their group (Apple's label and address format). */
const SATELLITES = new Set(['X-ABLABEL', 'X-ABADR']);

/** JSON with object keys sorted and empty values (null, '', undefined) left out. */
function canonical(value: unknown): string {
  if (value === null || value === undefined || value === '') return '""';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A group's fingerprint: SHA-256 of its canonical JSON, base64url, 16 characters. Node's
 * one-shot `hash` gives the same digest as a `Hash` object at a fraction of the cost (each card
 * served from its stored text takes 16 of them).
 */
function fingerprint(value: unknown): string {
  return hash('sha256', canonical(value), 'base64url').slice(0, 16);
}

/**
 * What the fields held when a card was read: a fingerprint per group of fields, one for its
 * labels with the star (CATEGORIES), one for the properties kept without a field (`extra`).
 * Stored beside the card (`contacts.card_basis`) and compared with the fields when it is
 * served.
 *
 * @param labels the contact's label names (CATEGORIES without Google's `starred`).
 */
export function cardBasis(fields: CardFields, labels: string[]): Record<string, string> {
  const basis: Record<string, string> = {};
  for (const [group, { of }] of Object.entries(FIELD_GROUPS))
    basis[group] = fingerprint(of(fields));
  basis.categories = fingerprint([
    [...new Set(labels.map((l) => l.toLowerCase()))].sort(),
    fields.isFavorite,
  ]);
  basis.extra = fingerprint(fields.extra);
  return basis;
}

/** The version a stored card declares (its VERSION property), or null for another. */
export function storedCardVersion(text: string): VCardVersion | null {
  const version = /^VERSION:[ \t]*(\d\.\d)[ \t]*\r?$/im.exec(text)?.[1];
  return version === '3.0' || version === '4.0' ? version : null;
}

/** One content line of a card as it is stored: its octets (folded lines and ending included). */
interface ContentLine {
  raw: string;
  group: string;
  name: string;
}

/** The card's content lines, each with its continuation lines (RFC 6350 §3.2). */
function contentLines(text: string): ContentLine[] {
  const lines: ContentLine[] = [];
  const physical = text.match(/[^\r\n]*(?:\r\n|\n|\r)|[^\r\n]+$/g) ?? [];
  for (const raw of physical) {
    const last = lines.at(-1);
    if (last && (raw.startsWith(' ') || raw.startsWith('\t'))) {
      last.raw += raw;
      continue;
    }
    const match = /^(?:([^.;:]*)\.)?([^;:]*)/.exec(raw.trim());
    lines.push({
      raw,
      group: (match?.[1] ?? '').toLowerCase(),
      name: (match?.[2] ?? '').toUpperCase(),
    });
  }
  return lines;
}

/** A contact's stored card, its current fields and what to write into it. */
export interface StoredCardSource {
  contact: ContactRow;
  /** The contact's label names now. */
  labels: string[];
  /** The photo to embed, read only when the photo changed since the card was read. */
  photo: () => Promise<EmbeddedPhoto | null>;
}

/**
 * The contact's stored card in `version`, with the properties of every group of fields changed
 * since it was read written anew (in place of the old ones, or before END when it had none;
 * Apple's `itemN` groups renumbered past the card's own). Unchanged, it is the stored text
 * octet for octet.
 *
 * @returns null when the contact has no stored card, when the card is of the other version
 *   (the caller writes the card from the fields), or when the properties kept without a field
 *   changed (a merge): then the whole card is written from the fields.
 */
export async function storedCardText(
  source: StoredCardSource,
  version: VCardVersion,
): Promise<string | null> {
  const { contact, labels } = source;
  if (!contact.card || !contact.cardBasis || storedCardVersion(contact.card) !== version) {
    return null;
  }
  const now = cardBasis(contact, labels);
  const then = contact.cardBasis;
  const changed = Object.keys(now).filter((group) => now[group] !== then[group]);
  if (changed.length === 0) return contact.card;
  if (changed.includes('extra')) return null;

  const replaced = new Set(changed.flatMap(propertiesOf));
  const photo = changed.includes('photo') ? await source.photo() : null;
  const written = contactProperties(contact, photo, labels, version);
  const lines = contentLines(contact.card);
  // The card's own line ending for the lines written into it (CRLF for an iPhone's CR CR LF).
  const eol = contact.card.includes('\n') && !contact.card.includes('\r\n') ? '\n' : '\r\n';

  // Apple's groups: a group goes with its last property; the new ones take fresh numbers.
  const removedGroups = new Set(
    lines.filter((l) => l.group && replaced.has(l.name)).map((l) => l.group),
  );
  const keptGroups = new Set(
    lines
      .filter((l) => l.group && !replaced.has(l.name) && !SATELLITES.has(l.name))
      .map((l) => l.group),
  );
  let next = Math.max(0, ...lines.map((l) => Number(/^item(\d+)$/.exec(l.group)?.[1] ?? 0))) + 1;
  const renumbered = new Map<string, string>();
  const regroup = (prop: VCardProperty): VCardProperty => {
    if (!prop.group) return prop;
    if (!renumbered.has(prop.group)) renumbered.set(prop.group, `item${next++}`);
    return { ...prop, group: renumbered.get(prop.group) };
  };
  /** A group's properties as written now, with their labels, as content lines. */
  const linesOf = (group: string): string[] => {
    const names = propertiesOf(group);
    const chosen = written.filter((p) => names.includes(p.name.toUpperCase()));
    const itemGroups = new Set(chosen.map((p) => p.group).filter(Boolean));
    return written
      .filter(
        (p) =>
          chosen.includes(p) ||
          (p.group && itemGroups.has(p.group) && SATELLITES.has(p.name.toUpperCase())),
      )
      .map(regroup)
      .map((p) => formatProperty(p).replace(/\r\n/g, eol) + eol);
  };

  const out: string[] = [];
  const placed = new Set<string>();
  const place = (group: string) => {
    if (placed.has(group)) return;
    placed.add(group);
    out.push(...linesOf(group));
  };
  for (const line of lines) {
    // Groups the card had no property of go last, before END.
    if (line.name === 'END') changed.forEach(place);
    const dropped =
      replaced.has(line.name) ||
      (line.group !== '' && removedGroups.has(line.group) && !keptGroups.has(line.group));
    if (!dropped) {
      out.push(line.raw);
      continue;
    }
    const group = changed.find((g) => propertiesOf(g).includes(line.name));
    if (group) place(group);
  }
  return out.join('');
}

/**
 * A contact's card in `version` (its own when undefined: the stored card's, else `fallback`):
 * the stored card with Kith's edits written into it (`storedCardText`), or the card written
 * from the fields, its photo embedded and its labels as CATEGORIES. Every writer of cards
 * (CardDAV, the file export, the data export) goes through here.
 */
export async function contactCardText(
  source: StoredCardSource,
  version: VCardVersion | undefined,
  fallback: VCardVersion,
): Promise<string> {
  const own = (source.contact.card && storedCardVersion(source.contact.card)) || fallback;
  const stored = await storedCardText(source, version ?? own);
  if (stored !== null) return stored;
  return contactToVCard(source.contact, await source.photo(), source.labels, version ?? own);
}

/** The properties a group of fields is written as; CATEGORIES for the labels and the star. */
function propertiesOf(group: string): string[] {
  return group === 'categories' ? ['CATEGORIES'] : (FIELD_GROUPS[group]?.properties ?? []);
}
