import type { ContactDate, PostalAddress, schema, TypedValue } from '@kith/db';
import type { ContactCreateValues, ContactUpdateValues } from '@kith/validators';
import { phoneKey } from './phone-key';

type NewContact = typeof schema.contacts.$inferInsert;

/**
 * The parts of a contact's card beyond SPEC §3's fields (issue 17), as the contact row keeps
 * them: the first value of each list is the preferred one.
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

/** SPEC §3's location, as the legacy API reads and writes it. */
export interface Location {
  streetAddress: string;
  city: string;
  postCode: string;
  country: string;
}

/** An address with only the given parts filled. */
export function postalAddress(parts: Partial<PostalAddress>): PostalAddress {
  return {
    type: '',
    poBox: '',
    extended: '',
    street: '',
    locality: '',
    region: '',
    postalCode: '',
    country: '',
    ...parts,
  };
}

/**
 * A list with SPEC's single value written as its preferred (first) value: the text replaces
 * the first value's and its type stays; '' removes the first value; a list without values
 * gets one with no type.
 */
export function withPreferred(list: TypedValue[], value: string): TypedValue[] {
  if (!value) return list.slice(1);
  if (list.length === 0) return [{ value, type: '' }];
  return [{ ...list[0]!, value }, ...list.slice(1)];
}

/**
 * Addresses with SPEC's location written as the preferred (first) one: its street,
 * locality, post code and country are replaced, and its type, PO box, extended part and
 * region stay; an empty location removes the first address.
 */
export function withPreferredAddress(list: PostalAddress[], location: Location): PostalAddress[] {
  const parts = {
    street: location.streetAddress,
    locality: location.city,
    postalCode: location.postCode,
    country: location.country,
  };
  if (!Object.values(parts).some(Boolean)) return list.slice(1);
  if (list.length === 0) return [postalAddress(parts)];
  return [{ ...list[0]!, ...parts }, ...list.slice(1)];
}

type CardInput = Pick<
  ContactCreateValues | ContactUpdateValues,
  keyof Card | 'email' | 'phone' | 'location'
>;

/**
 * The card columns a create or an update writes, from its input and the contact's current
 * card (an empty one for a create): a list given replaces the whole list, then SPEC's
 * `email`, `phone` and `location`, when given, are written as the preferred values
 * (`withPreferred`), so a legacy client that knows one phone never loses the others. An
 * empty one sent beside its list is ignored (the create form always sends SPEC's fields).
 */
export function cardChanges(current: Card, values: CardInput): Partial<NewContact> {
  const changes: Partial<Card> = {};
  for (const key of Object.keys(current) as (keyof Card)[]) {
    if (values[key] !== undefined) (changes as Record<string, unknown>)[key] = values[key];
  }
  // An empty single value beside its list says nothing: the list given is the whole truth.
  const empty = (location: Location) => !Object.values(location).some(Boolean);
  if (values.email !== undefined && !(values.email === '' && changes.emails)) {
    changes.emails = withPreferred(changes.emails ?? current.emails, values.email);
  }
  if (values.phone !== undefined && !(values.phone === '' && changes.phones)) {
    changes.phones = withPreferred(changes.phones ?? current.phones, values.phone);
  }
  if (values.location !== undefined && !(empty(values.location) && changes.addresses)) {
    changes.addresses = withPreferredAddress(
      changes.addresses ?? current.addresses,
      values.location,
    );
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
