import type { RouterOutputs } from '@kith/api';

/** A contact as `contacts.byId` answers it. */
export type ContactDto = RouterOutputs['contacts']['byId'];

/**
 * A contact as the API answers it, named `first last`, with nothing else filled: the tests'
 * one fixture, given only the fields a test is about.
 */
export function contactDto(
  id: string,
  first: string,
  last: string,
  overrides: Partial<ContactDto> = {},
): ContactDto {
  return {
    id,
    givenName: first,
    familyName: last,
    formattedName: '',
    nameIsStandIn: false,
    org: '',
    title: '',
    birthday: null,
    photo: null,
    isFavorite: false,
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
    extra: [],
    trashedAt: null,
    createdAt: new Date('2026-01-01T10:00:00Z'),
    updatedAt: new Date('2026-01-02T10:00:00Z'),
    ...overrides,
  };
}

/** A contact as a list's rows answer it (`contacts.listItems`): the row's part of `contact`. */
export function listItemOf(
  contact: ContactDto,
): RouterOutputs['contacts']['listItems']['items'][number] {
  return {
    id: contact.id,
    givenName: contact.givenName,
    familyName: contact.familyName,
    email: contact.emails[0]?.value ?? '',
    phone: contact.phones[0]?.value ?? '',
    photo: contact.photo,
    isFavorite: contact.isFavorite,
    trashedAt: contact.trashedAt,
  };
}
