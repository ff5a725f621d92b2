import type { ContactExtraField, schema } from '@kith/db';
import { monthNames, type MonthName } from '@kith/validators';
import { cardOf, type Card } from './card';

type ContactRow = typeof schema.contacts.$inferSelect;

/**
 * A contact as the API returns it: SPEC §3's legacy shape (`_id`, `name`, `avatar`,
 * `worksAt`, `location`, `birthday`), plus `firstName` / `lastName` (vCard given and family
 * name) and the card's other parts (`Card`: every email, phone and address with its type,
 * the first being SPEC's `email`, `phone` and `location`). Empty parts are '' (numbers null,
 * lists []), never missing, so legacy clients can read `contact.avatar.url` safely.
 */
export interface ContactDto extends Card {
  _id: string;
  userId: string;
  name: string;
  firstName: string;
  lastName: string;
  avatar: { url: string; publicId: string };
  email: string;
  phone: string;
  worksAt: { companyName: string; jobTitle: string };
  location: { country: string; city: string; postCode: string; streetAddress: string };
  birthday: { day: number | null; month: MonthName | ''; year: number | null };
  isFavorite: boolean;
  isTrashed: boolean;
  /** Imported properties without a field of their own, shown read-only and exported again. */
  extra: ContactExtraField[];
  trashedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Search results (SPEC §3 "Contact summary"). */
export interface ContactSummary {
  _id: string;
  name: string;
  email: string;
  avatar: { url: string };
}

/** "Ada Lovelace"; a contact with no family name is just "Ada". */
export function combinedName(givenName: string, familyName: string): string {
  return [givenName, familyName].filter(Boolean).join(' ');
}

export function toContactDto(row: ContactRow, avatarUrl: string | null): ContactDto {
  return {
    _id: row.id,
    userId: row.userId,
    name: combinedName(row.givenName, row.familyName),
    firstName: row.givenName,
    lastName: row.familyName,
    avatar: { url: avatarUrl ?? '', publicId: row.avatarImageId ?? '' },
    email: row.email ?? '',
    phone: row.phone ?? '',
    worksAt: { companyName: row.company ?? '', jobTitle: row.jobTitle ?? '' },
    location: {
      country: row.country ?? '',
      city: row.city ?? '',
      postCode: row.postCode ?? '',
      streetAddress: row.streetAddress ?? '',
    },
    birthday: {
      day: row.birthdayDay,
      month: row.birthdayMonth ? monthNames[row.birthdayMonth - 1]! : '',
      year: row.birthdayYear,
    },
    isFavorite: row.isFavorite,
    isTrashed: row.trashedAt !== null,
    ...cardOf(row),
    extra: row.extra ?? [],
    trashedAt: row.trashedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** 'march' -> 3; '' -> null. */
export function monthNumber(month: string): number | null {
  const index = monthNames.indexOf(month as MonthName);
  return index >= 0 ? index + 1 : null;
}

/**
 * Splits the edit screen's single name field (SPEC §2) into given and family name: the last
 * word is the family name, the rest the given name ("Mary Ann Evans" -> "Mary Ann" + "Evans").
 */
export function splitName(name: string): { givenName: string; familyName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { givenName: words[0]!, familyName: '' };
  return { givenName: words.slice(0, -1).join(' '), familyName: words.at(-1)! };
}
