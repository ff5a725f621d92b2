import type { RouterOutputs } from '@kith/api';
import type { TFunction } from 'i18next';
import { formatPlainDate } from '../../lib/format';
import { currentLocale } from '../../lib/i18n';
import { intervalLabels } from '../../lib/keep-in-touch-intervals';
import { formatPhone } from '../../lib/phone';
import { typeName } from '../../lib/value-types';

/** One change of a contact as its History lists it (docs/history.md#a-contacts-history). */
export type ContactVersionEntry = RouterOutputs['history']['contact']['entries'][number];

/** A contact as a version holds it: its fields, its photo, the star, the Trash and its labels. */
export type VersionCard = ContactVersionEntry['card'];

type Typed = { value: string; type: string };
type Address = VersionCard['addresses'][number];
type OtherDate = VersionCard['dates'][number];

const INTL_LOCALES = { en: 'en-GB', es: 'es-ES' } as const;

/** "10 December 1815", or "10 December" without a year, in the interface language. */
function dayText(date: { day: number; month: number; year: number | null }): string {
  const locale = INTL_LOCALES[currentLocale()];
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };
  if (date.year) options.year = 'numeric';
  // Noon UTC: the same day in every time zone; the year set apart, so years below 100 stay.
  const day = new Date(Date.UTC(2000, date.month - 1, date.day, 12));
  if (date.year) day.setUTCFullYear(date.year);
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(day);
}

/**
 * The whole name as the contact page shows it: prefix, given, middle and family names, then
 * the suffix; the card's own FN when the parts make none; '' for a stand-in name Kith made.
 */
function nameText(card: VersionCard): string {
  if (card.nameIsStandIn) return '';
  const name = [card.honorificPrefixes, card.givenName, card.additionalNames, card.familyName]
    .filter(Boolean)
    .join(' ');
  const whole = card.honorificSuffixes ? `${name}, ${card.honorificSuffixes}` : name;
  return whole || card.formattedName;
}

/** An address on one line: street, apartment, PO box, post code and city, region, country. */
function addressText(address: Address): string {
  const { street, extended, poBox, postalCode, locality, region, country } = address;
  const town = [[postalCode, locality].filter(Boolean).join(' '), region].filter(Boolean);
  return [street, extended, poBox, ...town, country].filter(Boolean).join(', ');
}

/** Compares lists of values: what stayed, what changed type, what changed, what came and went. */
interface ListDiff<T> {
  retyped: { before: T; after: T }[];
  changed: { before: T; after: T }[];
  added: T[];
  removed: T[];
}

/**
 * How a list of typed values changed. Values kept as they were are left out; a value kept
 * with another type is `retyped`; a value gone and another come with the same type are paired
 * in order as `changed` ("Phone · Mobile changed from ... to ..."); the rest were added or
 * removed. `same` says whether two entries hold the same value.
 */
export function diffList<T extends { type: string }>(
  before: T[],
  after: T[],
  same: (a: T, b: T) => boolean,
): ListDiff<T> {
  let gone = [...before];
  const come = [...after];
  const take = (match: (a: T, b: T) => boolean) => {
    const pairs: { before: T; after: T }[] = [];
    gone = gone.filter((a) => {
      const i = come.findIndex((b) => match(a, b));
      if (i < 0) return true;
      pairs.push({ before: a, after: come[i]! });
      come.splice(i, 1);
      return false;
    });
    return pairs;
  };
  take((a, b) => same(a, b) && a.type === b.type);
  const retyped = take(same);
  const changed = take((a, b) => a.type === b.type);
  return { retyped, changed, added: come, removed: gone };
}

/** A field and its type in words: "Phone · Mobile", or "Phone" without a type. */
function labelled(field: string, type: string, t: TFunction): string {
  const name = typeName(type, t);
  return name ? `${field} · ${name}` : field;
}

/** The lines of a list of typed values (emails, phones, websites, chats, related people). */
function typedLines(
  field: string,
  before: Typed[],
  after: Typed[],
  t: TFunction,
  show: (value: string) => string = (value) => value,
): string[] {
  const diff = diffList(before, after, (a, b) => a.value.trim() === b.value.trim());
  const typeOrNone = (type: string) => typeName(type, t) || t('no type');
  return [
    ...diff.retyped.map(({ before, after }) =>
      t('{{field}} {{value}} changed from {{from}} to {{to}}', {
        field,
        value: show(after.value),
        from: typeOrNone(before.type),
        to: typeOrNone(after.type),
      }),
    ),
    ...diff.changed.map(({ before, after }) =>
      t('{{field}} changed from {{from}} to {{to}}', {
        field: labelled(field, after.type, t),
        from: show(before.value),
        to: show(after.value),
      }),
    ),
    ...diff.added.map((value) =>
      t('{{field}} added: {{value}}', {
        field: labelled(field, value.type, t),
        value: show(value.value),
      }),
    ),
    ...diff.removed.map((value) =>
      t('{{field}} removed: {{value}}', {
        field: labelled(field, value.type, t),
        value: show(value.value),
      }),
    ),
  ];
}

/** The lines of one text field: added, changed from one text to another, or removed. */
function textLine(field: string, before: string, after: string, t: TFunction): string[] {
  if (before === after) return [];
  if (!before) return [t('{{field}} added: {{value}}', { field, value: after })];
  if (!after) return [t('{{field}} removed: {{value}}', { field, value: before })];
  return [t('{{field}} changed from {{from}} to {{to}}', { field, from: before, to: after })];
}

/** The lines of the addresses, each on one line. */
function addressLines(before: Address[], after: Address[], t: TFunction): string[] {
  const typed = (address: Address) => ({ value: addressText(address), type: address.type });
  return typedLines(t('Address'), before.map(typed), after.map(typed), t);
}

/** The lines of the other dates (anniversaries, a person's own dates), named by their type. */
function dateLines(before: OtherDate[], after: OtherDate[], t: TFunction): string[] {
  const sameDay = (a: OtherDate, b: OtherDate) =>
    a.day === b.day && a.month === b.month && a.year === b.year;
  const diff = diffList(before, after, sameDay);
  const field = (type: string) => typeName(type, t) || t('Date');
  return [
    ...diff.retyped.map(({ before, after }) =>
      t('{{field}} changed from {{from}} to {{to}}', {
        field: t('Date'),
        from: `${field(before.type)}: ${dayText(before)}`,
        to: `${field(after.type)}: ${dayText(after)}`,
      }),
    ),
    ...diff.changed.map(({ before, after }) =>
      t('{{field}} changed from {{from}} to {{to}}', {
        field: field(after.type),
        from: dayText(before),
        to: dayText(after),
      }),
    ),
    ...diff.added.map((date) =>
      t('{{field}} added: {{value}}', { field: field(date.type), value: dayText(date) }),
    ),
    ...diff.removed.map((date) =>
      t('{{field}} removed: {{value}}', { field: field(date.type), value: dayText(date) }),
    ),
  ];
}

/** Whether two lists of imported fields ("More details") hold the same fields. */
const sameExtra = (a: VersionCard['extra'], b: VersionCard['extra']) =>
  JSON.stringify(a) === JSON.stringify(b);

/** "Keep in touch set to Every month", "…changed from … to …", "…turned off", "Talked to them on …". */
function keepInTouchLines(
  a: VersionCard['keepInTouch'],
  b: VersionCard['keepInTouch'],
  t: TFunction,
): string[] {
  const lines: string[] = [];
  const names = intervalLabels(t);
  if (a.interval !== b.interval) {
    if (!a.interval)
      lines.push(t('Keep in touch set to {{interval}}', { interval: names[b.interval!] }));
    else if (!b.interval) lines.push(t('Keep in touch turned off'));
    else
      lines.push(
        t('Keep in touch changed from {{from}} to {{to}}', {
          from: names[a.interval],
          to: names[b.interval],
        }),
      );
  }
  if (b.lastContactedOn && a.lastContactedOn !== b.lastContactedOn) {
    lines.push(t('Talked to them on {{date}}', { date: formatPlainDate(b.lastContactedOn) }));
  }
  return lines;
}

/**
 * What a change did to a contact, field by field, in words in the interface language
 * (docs/history.md#a-contacts-history): "Phone · Mobile changed from +44 20 7946 0958 to
 * +44 20 7946 0000", "Email · Work added: ada@example.com", "Name changed from Ada Lovelace to
 * Ada Byron", "Added to Favorites", "Moved to the Trash", "Label Friends added", "Photo
 * changed", "Note changed"; ["Created"] when there was no contact before (`previous` null).
 * Keep in touch is named too; a change of nothing shown (the card's own text) says so.
 */
export function versionChanges(
  previous: VersionCard | null,
  card: VersionCard,
  t: TFunction,
): string[] {
  if (!previous) return [t('Created')];
  const a = previous;
  const b = card;
  const lines: string[] = [];
  if (!a.trashedAt && b.trashedAt) lines.push(t('Moved to the Trash'));
  if (a.trashedAt && !b.trashedAt) lines.push(t('Recovered from the Trash'));
  lines.push(...textLine(t('Name'), nameText(a), nameText(b), t));
  lines.push(...textLine(t('Nickname'), a.nickname, b.nickname, t));
  lines.push(...typedLines(t('Email'), a.emails, b.emails, t));
  lines.push(...typedLines(t('Phone'), a.phones, b.phones, t, formatPhone));
  lines.push(...addressLines(a.addresses, b.addresses, t));
  lines.push(...textLine(t('Company'), a.org, b.org, t));
  lines.push(...textLine(t('Job title'), a.title, b.title, t));
  const units = (card: VersionCard) => card.orgUnits.filter(Boolean).join(', ');
  lines.push(...textLine(t('Department'), units(a), units(b), t));
  lines.push(
    ...textLine(
      t('Birthday'),
      a.birthday ? dayText(a.birthday) : '',
      b.birthday ? dayText(b.birthday) : '',
      t,
    ),
  );
  lines.push(...dateLines(a.dates, b.dates, t));
  lines.push(...typedLines(t('Website'), a.urls, b.urls, t));
  lines.push(...typedLines(t('Chat'), a.impps, b.impps, t));
  lines.push(...typedLines(t('Related person'), a.related, b.related, t));
  if (a.note !== b.note) {
    if (!a.note) lines.push(t('Note added'));
    else if (!b.note) lines.push(t('Note removed'));
    else lines.push(t('Note changed'));
  }
  const photoBefore = a.photo?.imageId ?? null;
  const photoAfter = b.photo?.imageId ?? null;
  if (photoBefore !== photoAfter) {
    if (!photoBefore) lines.push(t('Photo added'));
    else if (!photoAfter) lines.push(t('Photo removed'));
    else lines.push(t('Photo changed'));
  }
  if (!a.isFavorite && b.isFavorite) lines.push(t('Added to Favorites'));
  if (a.isFavorite && !b.isFavorite) lines.push(t('Removed from Favorites'));
  const labelIds = (card: VersionCard) => new Set(card.labels.map((label) => label.id));
  const labelsBefore = labelIds(a);
  const labelsAfter = labelIds(b);
  for (const label of b.labels) {
    if (!labelsBefore.has(label.id)) lines.push(t('Label {{name}} added', { name: label.name }));
  }
  for (const label of a.labels) {
    if (!labelsAfter.has(label.id)) lines.push(t('Label {{name}} removed', { name: label.name }));
  }
  lines.push(...keepInTouchLines(a.keepInTouch, b.keepInTouch, t));
  if (!sameExtra(a.extra, b.extra)) lines.push(t('More details changed'));
  if (lines.length === 0) lines.push(t('A detail not shown here changed'));
  return lines;
}
