import type { ContactExtraField, schema } from '@kith/db';
import { cardOf, type Card } from './card';

type ContactRow = typeof schema.contacts.$inferSelect;

/** The birthday (RFC 6350 BDAY): month 1..12; `year` null when the card gives none. */
export interface ContactBirthday {
  day: number;
  month: number;
  year: number | null;
}

/**
 * A contact as tRPC and the SDK return it: the card's fields under the card's names (RFC
 * 6350: N's parts, FN, ORG and its units, TITLE, every EMAIL, TEL, ADR, URL, IMPP, RELATED,
 * ANNIVERSARY, BDAY, NOTE, PHOTO). Empty text is '', empty lists [], a missing birthday or
 * photo null. The legacy REST shape is made from it in `legacy-contact.rest.ts`.
 */
export interface Contact extends Card {
  id: string;
  givenName: string;
  familyName: string;
  /** FN as a card or a file gave it when the name's parts do not make it ("Grandma"); ''. */
  formattedName: string;
  /**
   * The card named no one: `givenName` is a stand-in Kith made for the screen (its company,
   * email...), never written back as the card's name (docs/card-is-the-record.md).
   */
  nameIsStandIn: boolean;
  /** ORG's first part, the organisation's name. */
  org: string;
  title: string;
  birthday: ContactBirthday | null;
  /** The uploaded image and a signed link to it. */
  photo: { imageId: string; url: string } | null;
  isFavorite: boolean;
  /** Imported properties without a field of their own, shown read-only and exported again. */
  extra: ContactExtraField[];
  /** When it went to the Trash; null while it is active. */
  trashedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A contact as a list screen's row shows it (docs/performance.md, "A list's rows"): the name's
 * parts, the first email and phone, the photo, the star and when it went to the Trash. The
 * whole contact is `Contact`, read one at a time; a row of 100 is about a third of its bytes.
 */
export interface ContactListItem {
  id: string;
  givenName: string;
  familyName: string;
  /** The first (preferred) email's address; '' without one. */
  email: string;
  /** The first (preferred) phone number as written; '' without one. */
  phone: string;
  /** The uploaded image and a signed link to it. */
  photo: { imageId: string; url: string } | null;
  isFavorite: boolean;
  /** When it went to the Trash; null while it is active. */
  trashedAt: Date | null;
}

/** A search result: who, their first email and their photo's link ('' without one). */
export interface ContactSummary {
  id: string;
  name: string;
  email: string;
  photoUrl: string;
}

/** A row's birthday, or null unless it has at least a day and a month. */
function birthdayOf(row: ContactRow): ContactBirthday | null {
  if (row.birthdayDay === null || row.birthdayMonth === null) return null;
  return { day: row.birthdayDay, month: row.birthdayMonth, year: row.birthdayYear };
}

/** The API's contact of a row and its photo's signed link (null without a photo). */
export function toContact(row: ContactRow, photoUrl: string | null): Contact {
  return {
    id: row.id,
    givenName: row.givenName,
    familyName: row.familyName,
    formattedName: row.formattedName,
    nameIsStandIn: row.nameIsStandIn,
    ...cardOf(row),
    org: row.org ?? '',
    title: row.title ?? '',
    birthday: birthdayOf(row),
    photo: row.photoImageId ? { imageId: row.photoImageId, url: photoUrl ?? '' } : null,
    isFavorite: row.isFavorite,
    extra: row.extra ?? [],
    trashedAt: row.trashedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
