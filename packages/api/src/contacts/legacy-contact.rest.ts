import type { PostalAddress, TypedValue } from '@kith/db';
import {
  monthNames,
  type ContactCreateInput,
  type ContactUpdateInput,
  combinedName,
  splitName,
} from '@kith/validators';
import type {
  LegacyContactCreateValues,
  LegacyContactUpdateValues,
} from '@kith/validators/legacy-contact';
import type { Contact, ContactSummary } from './contact-dto';

/*
 * The legacy `/api/v1` contact, both ways (docs/product/legacy-api.md): the only place that
 * knows `_id`, `firstName`, the single `email`, `phone` and `location`, `worksAt`, the month's
 * name and `avatar`. Everything else in Kith speaks the card.
 */

/** A contact in the legacy shape: the legacy fields, then the card's lists as they are. */
export type LegacyContact = ReturnType<typeof toLegacyContact>;

/** The legacy contact of the card-shaped `contact`, owned by `userId`. */
export function toLegacyContact(contact: Contact, userId: string) {
  const [address] = contact.addresses;
  return {
    _id: contact.id,
    userId,
    name: combinedName(contact.givenName, contact.familyName),
    firstName: contact.givenName,
    lastName: contact.familyName,
    avatar: { url: contact.photo?.url ?? '', publicId: contact.photo?.imageId ?? '' },
    email: contact.emails[0]?.value ?? '',
    phone: contact.phones[0]?.value ?? '',
    worksAt: { companyName: contact.org, jobTitle: contact.title },
    location: {
      country: address?.country ?? '',
      city: address?.locality ?? '',
      postCode: address?.postalCode ?? '',
      streetAddress: address?.street ?? '',
    },
    birthday: {
      day: contact.birthday?.day ?? null,
      month: contact.birthday ? monthNames[contact.birthday.month - 1]! : ('' as const),
      year: contact.birthday?.year ?? null,
    },
    isFavorite: contact.isFavorite,
    isTrashed: contact.trashedAt !== null,
    additionalNames: contact.additionalNames,
    honorificPrefixes: contact.honorificPrefixes,
    honorificSuffixes: contact.honorificSuffixes,
    nickname: contact.nickname,
    orgUnits: contact.orgUnits,
    emails: contact.emails,
    phones: contact.phones,
    addresses: contact.addresses,
    urls: contact.urls,
    impps: contact.impps,
    related: contact.related,
    dates: contact.dates,
    note: contact.note,
    extra: contact.extra,
    trashedAt: contact.trashedAt,
    createdAt: contact.createdAt,
    updatedAt: contact.updatedAt,
  };
}

/** A search result in the legacy shape: `{_id, name, email, avatar: {url}}`. */
export function toLegacySummary(summary: ContactSummary) {
  return {
    _id: summary.id,
    name: summary.name,
    email: summary.email,
    avatar: { url: summary.photoUrl },
  };
}

/**
 * A list with the legacy single value written as its preferred (first) value: the text
 * replaces the first value's and its type stays; '' removes the first value; a list without
 * values gets one with no type. So a legacy client that knows one phone never loses the others.
 */
export function withPreferred(list: TypedValue[], value: string): TypedValue[] {
  if (!value) return list.slice(1);
  if (list.length === 0) return [{ value, type: '' }];
  return [{ ...list[0]!, value }, ...list.slice(1)];
}

type Location = LegacyContactCreateValues['location'];

/**
 * Addresses with the legacy location written as the preferred (first) one: its street,
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
  const empty = { type: '', poBox: '', extended: '', region: '' };
  if (list.length === 0) return [{ ...empty, ...parts }];
  return [{ ...list[0]!, ...parts }, ...list.slice(1)];
}

const emptyLocation = (location: Location) => !Object.values(location).some(Boolean);

/** The current lists a legacy change's single values are written into. */
type CurrentLists = Pick<Contact, 'emails' | 'phones' | 'addresses'>;

/**
 * The card's lists after a legacy `email`, `phone` and `location`: each given one is written
 * as the preferred value of the list sent beside it, or else of the current list. An empty
 * one sent beside its list says nothing: the list given is the whole truth.
 */
function listsWithPreferred(
  values: Pick<LegacyContactUpdateValues, 'email' | 'phone' | 'location'> & Partial<CurrentLists>,
  current: CurrentLists,
): Partial<CurrentLists> {
  const lists: Partial<CurrentLists> = {};
  if (values.emails) lists.emails = values.emails;
  if (values.phones) lists.phones = values.phones;
  if (values.addresses) lists.addresses = values.addresses;
  if (values.email !== undefined && !(values.email === '' && values.emails)) {
    lists.emails = withPreferred(values.emails ?? current.emails, values.email);
  }
  if (values.phone !== undefined && !(values.phone === '' && values.phones)) {
    lists.phones = withPreferred(values.phones ?? current.phones, values.phone);
  }
  if (values.location !== undefined && !(emptyLocation(values.location) && values.addresses)) {
    lists.addresses = withPreferredAddress(values.addresses ?? current.addresses, values.location);
  }
  return lists;
}

/** The legacy birthday (all three parts or none, month by name) as the card's, null for none. */
function birthdayOf(birthday: LegacyContactCreateValues['birthday']) {
  const month = monthNames.indexOf(birthday.month as (typeof monthNames)[number]) + 1;
  if (birthday.day === null || month === 0) return null;
  return { day: birthday.day, month, year: birthday.year };
}

/** The card-shaped parts both a legacy create and a legacy change carry as they are. */
function cardParts(values: LegacyContactUpdateValues) {
  return {
    additionalNames: values.additionalNames,
    honorificPrefixes: values.honorificPrefixes,
    honorificSuffixes: values.honorificSuffixes,
    nickname: values.nickname,
    orgUnits: values.orgUnits,
    urls: values.urls,
    impps: values.impps,
    related: values.related,
    dates: values.dates,
    note: values.note,
  };
}

/** The card's create input of a legacy create (already checked by its legacy schema). */
export function fromLegacyCreate(values: LegacyContactCreateValues): ContactCreateInput {
  const none = { emails: [], phones: [], addresses: [] };
  return {
    idempotencyKey: values.idempotencyKey,
    givenName: values.firstName,
    familyName: values.lastName,
    ...cardParts(values),
    phones: [],
    ...listsWithPreferred(values, none),
    org: values.worksAt.companyName,
    title: values.worksAt.jobTitle,
    birthday: birthdayOf(values.birthday),
    photo: values.avatar.publicId || null,
  };
}

/**
 * The card's change of a legacy change, given the contact as it is now (for the single values
 * written into its lists, and the single name field compared with its name).
 */
export function fromLegacyUpdate(
  values: LegacyContactUpdateValues,
  current: Contact,
): ContactUpdateInput {
  const change: ContactUpdateInput = {
    ...cardParts(values),
    ...listsWithPreferred(values, current),
  };
  if (
    values.name !== undefined &&
    values.name !== combinedName(current.givenName, current.familyName)
  ) {
    Object.assign(change, splitName(values.name));
  }
  if (values.firstName !== undefined) change.givenName = values.firstName;
  if (values.lastName !== undefined) change.familyName = values.lastName;
  if (values.worksAt) {
    change.org = values.worksAt.companyName;
    change.title = values.worksAt.jobTitle;
  }
  if (values.birthday) change.birthday = birthdayOf(values.birthday);
  if (values.avatar) change.photo = values.avatar.publicId || null;
  return change;
}

/** True when a legacy change needs the contact as it is now to be translated. */
export function needsCurrent(values: LegacyContactUpdateValues): boolean {
  return [values.name, values.email, values.phone, values.location].some((v) => v !== undefined);
}
