import type { ContactDate, PostalAddress, schema, TypedValue } from '@kith/db';
import { phoneKey } from './phone-key';

type NewContact = typeof schema.contacts.$inferInsert;

/**
 * The parts of a contact's card kept as they are in the contact row, beyond the name, ORG,
 * TITLE, BDAY and PHOTO: the first value of each list is the preferred one.
 */
export interface Card {
  additionalNames: string;
  honorificPrefixes: string;
  honorificSuffixes: string;
  nickname: string;
  orgUnits: string[];
  emails: TypedValue[];
  phones: TypedValue[];
  addresses: PostalAddress[];
  urls: TypedValue[];
  impps: TypedValue[];
  related: TypedValue[];
  dates: ContactDate[];
  note: string;
}

/** The card of a contact that has none of these parts. */
export function emptyCard(): Card {
  return {
    additionalNames: '',
    honorificPrefixes: '',
    honorificSuffixes: '',
    nickname: '',
    orgUnits: [],
    emails: [],
    phones: [],
    addresses: [],
    urls: [],
    impps: [],
    related: [],
    dates: [],
    note: '',
  };
}

/** The card parts of a contact row. */
export function cardOf(row: Card): Card {
  const card = emptyCard();
  for (const key of Object.keys(card) as (keyof Card)[]) {
    (card as unknown as Record<string, unknown>)[key] = row[key];
  }
  return card;
}

/**
 * The card columns a create or an update writes: each part given replaces the contact's
 * (a list replaces its whole list); the parts not given stay as they are.
 */
export function cardChanges(values: Partial<Card>): Partial<NewContact> {
  const changes: Partial<Card> = {};
  for (const key of Object.keys(emptyCard()) as (keyof Card)[]) {
    if (values[key] !== undefined) (changes as Record<string, unknown>)[key] = values[key];
  }
  return changes;
}

const fold = (text: string) => text.trim().toLowerCase();

/** What makes two values of a list the same value. */
const sameness = {
  emails: (v: TypedValue) => fold(v.value),
  phones: (v: TypedValue) => phoneKey(v.value) || fold(v.value),
  urls: (v: TypedValue) => v.value.trim(),
  impps: (v: TypedValue) => fold(v.value),
  related: (v: TypedValue) => fold(v.value),
  addresses: (a: PostalAddress) =>
    [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country]
      .map(fold)
      .join('\u0000'),
  dates: (d: ContactDate) => `${fold(d.type)} ${d.year ?? ''}-${d.month}-${d.day}`,
};

/** The values of both lists, each once (`sameness`), the first list's first and in order. */
export function unionValues<K extends keyof typeof sameness>(
  kind: K,
  first: Card[K],
  second: Card[K],
): Card[K] {
  const key = sameness[kind] as (value: Card[K][number]) => string;
  const seen = new Set<string>();
  const result: Card[K][number][] = [];
  for (const value of [...first, ...second] as Card[K][number][]) {
    const k = key(value);
    if (seen.has(k)) continue;
    seen.add(k);
    result.push(value);
  }
  return result as Card[K];
}

/** The lists that `unionCards` joins. */
export const CARD_LISTS = Object.keys(sameness) as (keyof typeof sameness)[];

/**
 * Two cards as one, nothing lost (a merge, an import into a contact already in the book):
 * every list holds the values of both (`first`'s first, so its preferred values stay
 * preferred); a text part is `first`'s unless empty; notes that differ are both kept, a
 * blank line between them.
 */
export function unionCards(first: Card, second: Card): Card {
  const card = { ...first };
  for (const kind of CARD_LISTS) {
    (card as Record<string, unknown>)[kind] = unionValues(kind, first[kind], second[kind]);
  }
  for (const key of [
    'additionalNames',
    'honorificPrefixes',
    'honorificSuffixes',
    'nickname',
  ] as const) {
    card[key] = first[key] || second[key];
  }
  card.orgUnits = first.orgUnits.length ? first.orgUnits : second.orgUnits;
  const notes = [first.note, second.note].filter(Boolean);
  card.note = [...new Set(notes)].join('\n\n');
  return card;
}
