import { CONTACT_LIMITS, type ImportedContact } from '@kith/validators';
import ICAL from 'ical.js';
import { emptyDraft, collect, type ContactDraft, type ReadResult } from './draft';
import { normaliseVCard } from './normalise';
import {
  propertyLineCount,
  propertyName,
  propertyValue,
  unescapeText,
  unfoldedLines,
} from './lines';
import { cooperative } from '../shared/event-loop';
import { storedCardVersion } from './stored-card';
import { groupCardProblem, isGroupCard, readGroupCard, type IncomingGroup } from './group-card';

/** A jCard property (RFC 7095 §3.3): name, parameters, value type, then the value(s). */
type JCardProperty = [string, Record<string, string | string[]>, string, ...unknown[]];

/** Properties read into the contact's own fields, or that describe the card itself. */
const CONSUMED = new Set([
  'version',
  'fn',
  'n',
  'email',
  'tel',
  'url',
  'impp',
  'related',
  'x-abrelatednames',
  'anniversary',
  'x-anniversary',
  'x-abdate',
  'note',
  'nickname',
  'org',
  'title',
  'adr',
  'bday',
  'photo',
  'categories',
  'prodid',
  'uid',
  'rev',
  'x-ablabel',
  // Apple's address format and record id: bookkeeping, not anything a person wrote.
  'x-abadr',
  'x-abuid',
]);

/** Properties of one text value (RFC 6350 §6.2.1, §6.6.1, §6.7.2): commas in them are text. */
const SINGLE_TEXT = new Set(['fn', 'note', 'title', 'role']);

/** TYPE values that say nothing a person would call a label. */
const SILENT_TYPES = new Set(['pref', 'internet', 'x400', 'voice']);

/** Apple writes its built-in labels as `_$!<Mobile>!$_`. */
function appleLabel(text: string): string {
  return text.replace(/^_\$!<(.*)>!\$_$/, '$1');
}

/**
 * RFC 6350 §3.4 text unescaping of a value ical.js leaves raw (URL, IMPP, RELATED, unknown X-
 * properties), after `asText` has undone the escapes RFC 6350 does not define.
 */
function unescapeRaw(text: string): string {
  return text.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/**
 * A label as a person wrote it, from the raw value of Apple's `X-ABLabel` (which ical.js
 * leaves escaped, as it does every property it does not know): RFC 6350 §3.4 text unescaping
 * in one pass (`\,` `\;` `\\` `\n`, and the `\:` and `\"` Apple writes), then Apple's
 * `_$!<Mobile>!$_` wrapping undone. So `msg\,work` reads back as `msg,work`, and a label
 * written and read again stays the same however many times it goes round.
 */
function labelText(value: unknown): string {
  const raw = Array.isArray(value) ? value.map(String).join(',') : String(value ?? '');
  const text = raw.replace(/\\([\\;,nN:"])/g, (_, c: string) =>
    c === 'n' || c === 'N' ? '\n' : c,
  );
  return appleLabel(text.trim());
}

/**
 * Escapes ical.js leaves in place, undone (they showed in notes and web addresses):
 * `\:` and `\"`, which RFC 6350 does not define but Apple and Gmail write (`http\://`), and
 * `\;` in a 3.0 text value, which ical.js keeps.
 */
function unescapeLenient(text: string): string {
  return text.replace(/\\([:";])/g, '$1');
}

function asText(value: unknown): string {
  // A component with several values (RFC 6350 §3.3 `Jr.,M.D.`) keeps them apart.
  if (Array.isArray(value)) return value.map(asText).filter(Boolean).join(', ');
  if (value === null || value === undefined) return '';
  return unescapeLenient(String(value));
}

/**
 * Reads every card of a vCard file (2.1, 3.0 or 4.0; RFC 6350, RFC 2426, versit 2.1) into
 * contacts to import. Each card is read on its own, so one broken card is reported as a
 * problem of its position and the others still come in; within a card, one broken line fails
 * only its property (repaired or left out, with a warning naming it: `parseCard`).
 *
 * N (every part), NICKNAME, EMAIL, TEL, ADR, URL, IMPP, RELATED, ORG (with its units), TITLE,
 * BDAY (`--0415` included), ANNIVERSARY and Apple's X-ABDATE, NOTE, PHOTO (data URI, base64 or
 * URL) and CATEGORIES (Google's `starred` making it a favorite) fill the contact, each value
 * with its TYPE; Apple's `itemN.X-ABLabel` names the property of its group; every other
 * property (X-..., a second NOTE, KIND) is kept in `extra`.
 *
 * A card past `CONTACT_LIMITS` is an error of its position, with the reason, and the others
 * still come in: one of more than `CONTACT_LIMITS.cardProperties` property lines is refused
 * before it is parsed (so 100,000 properties cost one scan, not 100,000 objects); the rest
 * are checked on the completed contact (`completeDraft`). Components nested in a card
 * (`BEGIN:X` ... `END:X`, or a stray `END:X`), which RFC 6350 does not define, are skipped
 * with their properties. Never throws for what a file holds.
 */
export async function readVCardFile(content: string): Promise<ReadResult> {
  const result: ReadResult = { contacts: [], problems: [] };
  const pause = cooperative();
  const groups: { row: number; group: IncomingGroup }[] = [];
  const uids = new Map<ImportedContact, string>();
  let row = 0;
  for (const card of cardsOf(content)) {
    await pause();
    row += 1;
    if (card === null) {
      result.problems.push({ row, name: '', severity: 'error', message: UNENDED_CARD });
      break;
    }
    // A group card (KIND:group, Apple's X-ADDRESSBOOKSERVER-KIND) is a label, not a person.
    if (isGroupCard(card)) {
      const group = readGroupCard(card, '');
      const problem = groupCardProblem(group);
      if (problem) result.problems.push({ row, name: '', severity: 'error', message: problem });
      else groups.push({ row, group });
      continue;
    }
    const lines = propertyLineCount(card, CONTACT_LIMITS.cardProperties);
    if (lines > CONTACT_LIMITS.cardProperties) {
      result.problems.push({ row, name: '', severity: 'error', message: TOO_MANY_PROPERTIES });
      continue;
    }
    let read: { properties: JCardProperty[]; warnings: string[] };
    try {
      read = parseCard(card);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      result.problems.push({
        row,
        name: '',
        severity: 'error',
        message: `This card could not be read (${reason}).`,
      });
      continue;
    }
    const draft = draftFromCard(row, read.properties);
    draft.warnings.unshift(...read.warnings);
    const before = result.contacts.length;
    collect(result, draft);
    // The card is the record: a 3.0 or 4.0 card is kept as the file holds it.
    const contact = result.contacts[before];
    if (contact && storedCardVersion(card)) contact.card = card;
    const uid = contact && cardUid(card);
    if (contact && uid) uids.set(contact, uid);
  }
  labelGroupMembers(result, groups, uids);
  return result;
}

/** A card's UID (RFC 6350 §6.7.6), escapes undone, or undefined. */
function cardUid(card: string): string | undefined {
  return unescapeText(propertyValue(unfoldedLines(card), 'UID')?.trim() ?? '') || undefined;
}

/**
 * Gives each group card's name, as a label, to the contacts of the file it lists (by UID,
 * `urn:uuid:` or bare). A group that lists none of the file's contacts makes no label, and
 * says so.
 */
function labelGroupMembers(
  result: ReadResult,
  groups: { row: number; group: IncomingGroup }[],
  uids: Map<ImportedContact, string>,
): void {
  const byUid = new Map<string, ImportedContact>();
  for (const [contact, uid] of uids) {
    byUid.set(uid, contact);
    byUid.set(uid.replace(/^urn:uuid:/i, ''), contact);
  }
  for (const { row, group } of groups) {
    let found = 0;
    for (const member of group.members) {
      const contact = byUid.get(member) ?? byUid.get(member.replace(/^urn:uuid:/i, ''));
      if (!contact) continue;
      found++;
      if (!contact.labels.some((l) => l.toLowerCase() === group.name.toLowerCase())) {
        contact.labels.push(group.name);
      }
    }
    if (found < group.members.length) {
      result.problems.push({
        row,
        name: group.name,
        severity: 'warning',
        message:
          found === 0
            ? `The group “${group.name}” lists no contact of this file, so it makes no label.`
            : `The group “${group.name}” lists contacts that are not in this file (${group.members.length - found} of ${group.members.length}); the label is given to the others.`,
      });
    }
  }
}

/**
 * One card's properties (`cardProperties`), with what was repaired or left out on the way in
 * words for the preview. A line ical.js cannot read (an empty parameter name, a line that
 * is no property...) used to fail the whole card: when the card does not parse, each of its
 * lines is tried alone, the ones that fail are left out with a warning naming their property,
 * and the rest is read (RFC 6350 §3.3: every line is a property of its own).
 *
 * @throws Error when the card still cannot be read (no END:VCARD, no vCard inside).
 */
function parseCard(card: string): { properties: JCardProperty[]; warnings: string[] } {
  const { lines, warnings } = normaliseVCard(card);
  const text = (kept: string[]) => kept.join('\r\n') + '\r\n';
  try {
    return { properties: cardProperties(ICAL.parse(text(lines))), warnings };
  } catch (error) {
    const version = lines.find((line) => /^VERSION:/i.test(line)) ?? 'VERSION:3.0';
    const kept = lines.filter((line) => {
      if (/^(BEGIN|END|VERSION)\s*:/i.test(line)) return true;
      try {
        ICAL.parse(text(['BEGIN:VCARD', version, line, 'END:VCARD']));
        return true;
      } catch (lineError) {
        const reason = lineError instanceof Error ? lineError.message : String(lineError);
        warnings.push(
          `${propertyName(line)} could not be read (${reason}), so it was left out; the rest of the card came in.`,
        );
        return false;
      }
    });
    if (kept.length === lines.length) throw error;
    return { properties: cardProperties(ICAL.parse(text(kept))), warnings };
  }
}

/** What the preview and a CardDAV PUT say of a card of too many property lines. */
const TOO_MANY_PROPERTIES = `This card has more than ${CONTACT_LIMITS.cardProperties.toLocaleString('en-US')} properties; a contact keeps at most ${CONTACT_LIMITS.extra} besides its own fields.`;

/**
 * A card's own properties from ical.js's jCard (RFC 7095 §3): `["vcard", properties,
 * components]`, whose nested components are left out. A stray `END:X` makes ical.js answer
 * several components instead, the card's first; its properties are those of the first vCard.
 *
 * @throws Error when there is no vCard component at all.
 */
function cardProperties(parsed: unknown): JCardProperty[] {
  const components = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed];
  for (const component of components) {
    if (
      Array.isArray(component) &&
      component[0] === 'vcard' &&
      Array.isArray(component[1]) &&
      (component[1] as unknown[]).every((p) => Array.isArray(p) && typeof p[0] === 'string')
    ) {
      return (component[1] as JCardProperty[]).map(([name, params, type, ...values]) => [
        name,
        params && typeof params === 'object' ? params : {},
        typeof type === 'string' ? type : 'unknown',
        ...values,
      ]);
    }
  }
  throw new Error('no vCard inside BEGIN:VCARD and END:VCARD');
}

/** What the preview says of a `BEGIN:VCARD` with no `END:VCARD` after it. */
const UNENDED_CARD = 'This card has no END:VCARD line, so it and anything after it were not read.';

/**
 * The cards of a file, one at a time, each from its `BEGIN:VCARD` to the first `END:VCARD`
 * after it (any case); null for a `BEGIN:VCARD` that never ends, and then no more. Found
 * with two literal searches that each move forward only, so the cost is linear: one regex
 * `BEGIN:VCARD[\s\S]*?END:VCARD` scanned to the end of the file from every unended BEGIN,
 * 20 s for 1 MB of them. Yielded one at a time: matching every card of a 7 MB file at once
 * held the event loop.
 */
function* cardsOf(content: string): Generator<string | null> {
  const begin = /BEGIN:VCARD/gi;
  const end = /END:VCARD/gi;
  for (let start = begin.exec(content); start; start = begin.exec(content)) {
    end.lastIndex = begin.lastIndex;
    if (!end.exec(content)) {
      yield null;
      return;
    }
    // With its line ending (CRLF, LF, or an iPhone's CR CR LF), as the file has it.
    const ending = /^(?:\r*\n|\r)?/.exec(content.slice(end.lastIndex, end.lastIndex + 8))![0];
    yield content.slice(start.index, end.lastIndex + ending.length);
    begin.lastIndex = end.lastIndex + ending.length;
  }
}

/** Whether a property is marked preferred: TYPE=pref (3.0) or PREF=1 (4.0). */
function isPreferred(params: JCardProperty[1]): boolean {
  const types = ([] as string[]).concat(params.type ?? []).map((t) => t.toLowerCase());
  return types.includes('pref') || params.pref === '1';
}

function draftFromCard(row: number, properties: JCardProperty[]): ContactDraft {
  const draft = emptyDraft(row);
  const groupLabels = new Map<string, string>();
  for (const [name, params, , value] of properties) {
    if (name === 'x-ablabel' && typeof params.group === 'string') {
      groupLabels.set(params.group.toLowerCase(), labelText(value));
    }
  }
  const labelOf = (params: JCardProperty[1]): string => {
    const group = typeof params.group === 'string' ? params.group.toLowerCase() : '';
    if (group && groupLabels.has(group)) return groupLabels.get(group)!;
    return ([] as string[])
      .concat(params.type ?? [])
      .flatMap((type) => type.split(','))
      .map((type) => type.trim().toLowerCase())
      .filter((type) => type && !SILENT_TYPES.has(type))
      .join(',');
  };
  // Preferred values first, so they become the contact's own email, phone and address.
  const ordered = [...properties].sort(
    (a, b) => Number(isPreferred(b[1])) - Number(isPreferred(a[1])),
  );

  for (const [name, params, type, ...values] of ordered) {
    // ical.js splits a 3.0 text value at each unescaped comma; one text a person wrote
    // ("tall, red scarf") is joined again with its commas.
    const value =
      SINGLE_TEXT.has(name) && values.length > 1 ? values.map(asText).join(',') : values[0];
    switch (name) {
      case 'fn':
        draft.fullName = asText(value);
        break;
      case 'n': {
        const parts = Array.isArray(value) ? value.map(asText) : asText(value).split(';');
        draft.familyName = parts[0] ?? '';
        draft.givenName = parts[1] ?? '';
        draft.additionalNames = parts[2] ?? '';
        draft.honorificPrefixes = parts[3] ?? '';
        draft.honorificSuffixes = parts[4] ?? '';
        break;
      }
      case 'email':
        draft.emails.push({ value: asText(value), type: labelOf(params) });
        break;
      case 'tel':
        draft.phones.push({ value: asText(value).replace(/^tel:/i, ''), type: labelOf(params) });
        break;
      case 'url':
        draft.urls.push({ value: unescapeRaw(asText(value)), type: labelOf(params) });
        break;
      case 'impp':
        draft.impps.push({ value: unescapeRaw(asText(value)), type: labelOf(params) });
        break;
      case 'related':
      case 'x-abrelatednames':
        draft.related.push({ value: unescapeRaw(asText(value)), type: labelOf(params) });
        break;
      case 'anniversary':
      case 'x-anniversary':
        draft.dates.push({ value: asText(value), type: 'anniversary' });
        break;
      case 'x-abdate': {
        // Apple's labelled dates: `item1.X-ABDATE` with `item1.X-ABLabel:_$!<Anniversary>!$_`.
        const label = labelOf(params);
        const type = label.toLowerCase() === 'anniversary' ? 'anniversary' : label || 'other';
        draft.dates.push({ value: asText(value), type });
        break;
      }
      case 'note':
        if (!draft.note) draft.note = asText(value);
        else draft.extra.push({ name: 'NOTE', label: '', value: asText(value) });
        break;
      case 'nickname':
        if (!draft.nickname) draft.nickname = values.map(asText).join(', ');
        else
          draft.extra.push({ name: 'NICKNAME', label: '', value: values.map(asText).join(', ') });
        break;
      case 'org': {
        const parts = Array.isArray(value) ? value.map(asText) : [asText(value)];
        const org = parts.filter(Boolean).join(', ');
        if (!draft.org && draft.orgUnits.length === 0) {
          draft.org = parts[0] ?? '';
          draft.orgUnits = parts.slice(1).filter(Boolean);
        } else if (org) keepSecond(draft, 'ORG', 'organisation', org, parts);
        break;
      }
      case 'title': {
        const title = asText(value);
        if (!draft.title) draft.title = title;
        else if (title) keepSecond(draft, 'TITLE', 'job title', title);
        break;
      }
      case 'adr': {
        const parts = Array.isArray(value) ? value.map(asText) : asText(value).split(';');
        draft.addresses.push({ components: parts, type: labelOf(params) });
        break;
      }
      case 'bday':
        if (!draft.birthday) draft.birthday = asText(value);
        break;
      case 'photo': {
        const photo = photoValue(params, type, asText(value));
        if (!draft.photo) draft.photo = photo;
        else if (!photo.startsWith('data:')) {
          draft.extra.push({ name: 'PHOTO', label: labelOf(params), value: photo });
        }
        break;
      }
      case 'categories':
        for (const category of values.map(asText)) {
          // Google's vCards carry its system groups as categories.
          if (category.toLowerCase() === 'starred') draft.isFavorite = true;
          else if (category.toLowerCase() !== 'mycontacts') draft.labels.push(category);
        }
        break;
      default:
        if (!CONSUMED.has(name))
          draft.extra.push(extraProperty(name, labelOf(params), type, values));
    }
  }
  if (isOrganisationCard(properties)) nameAfterOrganisation(draft);
  return draft;
}

/**
 * A second ORG or TITLE: the contact has one of each, so the others are kept with the other
 * details (and written again by an export), and the preview says so.
 */
function keepSecond(
  draft: ContactDraft,
  name: 'ORG' | 'TITLE',
  what: string,
  value: string,
  components?: string[],
): void {
  draft.extra.push({ name, label: '', value, ...(components ? { components } : {}) });
  draft.warnings.push(`A second ${what}, "${value}", is kept with the other details.`);
}

/**
 * A card that stands for an organisation, not a person: RFC 6350 `KIND:org`, or Apple's
 * `X-ABShowAs:COMPANY`. Its FN is the organisation's name, which must not be split into a
 * first and last name.
 */
function isOrganisationCard(properties: JCardProperty[]): boolean {
  return properties.some(
    ([name, , , value]) =>
      (name === 'kind' && asText(value).toLowerCase() === 'org') ||
      (name === 'x-abshowas' && asText(value).toUpperCase() === 'COMPANY'),
  );
}

/** The organisation's name as the contact's whole name (the property itself stays in `extra`). */
function nameAfterOrganisation(draft: ContactDraft): void {
  const name = draft.org || draft.fullName || [draft.givenName, draft.familyName].join(' ');
  draft.givenName = name.trim();
  draft.familyName = '';
}

/** A 3.0 base64 photo becomes a data URI; a 4.0 data URI or a URL stays as it is. */
function photoValue(params: JCardProperty[1], type: string, value: string): string {
  const encoding = String(params.encoding ?? '').toLowerCase();
  if (encoding === 'b' || type === 'binary') {
    const subtype = String(([] as string[]).concat(params.type ?? [])[0] ?? 'jpeg').toLowerCase();
    const mime = subtype.includes('/') ? subtype : `image/${subtype}`;
    return `data:${mime};base64,${value}`;
  }
  return value;
}

function extraProperty(
  name: string,
  label: string,
  type: string,
  values: unknown[],
): ContactDraft['extra'][number] {
  const first = values[0];
  if (Array.isArray(first)) {
    const components = first.map(asText);
    return {
      name: name.toUpperCase(),
      label,
      value: components.filter(Boolean).join(', '),
      components,
    };
  }
  // ical.js unescapes text, not URIs (URL) nor unknown X- properties; writers escape both.
  const raw = type === 'unknown' || type === 'uri';
  const texts = values.map((v) => (raw ? unescapeRaw(asText(v)) : asText(v)));
  return { name: name.toUpperCase(), label, value: texts.join(', ') };
}
