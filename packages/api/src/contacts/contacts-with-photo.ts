import { schema, type Database } from '@kith/db';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { ImageStorage } from '../storage/image-storage';
import type { EmbeddedPhoto } from '../vcard/contact-vcard';
import { toContact, type Contact, type ContactListItem } from './contact-dto';

const { contacts, images } = schema;

/** A contact's photo as its readers need it: where its bytes are and their type. */
export interface PhotoRef {
  key: string;
  contentType: string;
}

/** A contact row with its photo, or null without one. */
export interface ContactWithPhoto {
  contact: typeof contacts.$inferSelect;
  photo: PhotoRef | null;
}

/**
 * Every column of a contact but its stored card, which the screens never need: the card
 * (with an embedded photo, 100 KB and more) is read as null.
 */
const withoutCard = {
  ...getTableColumns(contacts),
  card: sql<string | null>`null`,
  cardBasis: sql<Record<string, string> | null>`null`,
};

/**
 * The one query every reader of contacts starts from (lists, one contact, duplicates, search,
 * export, data export): each contact with its photo's key and type. Readers add their
 * `where`, order and limit; `extra` adds columns of their own (a list's cursor key). The
 * stored card (`card`, `cardBasis`) is read only by the writers of cards (`withCard`); for
 * every other reader it is null.
 */
export function selectContactsWithPhoto<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Database,
  extra?: Extra,
  options: { withCard?: boolean } = {},
) {
  return db
    .select({
      contact: options.withCard ? getTableColumns(contacts) : withoutCard,
      photo: { key: images.storageKey, contentType: images.contentType },
      ...(extra ?? ({} as Extra)),
    })
    .from(contacts)
    .leftJoin(images, eq(contacts.photoImageId, images.id));
}

/**
 * The columns of a list's row (`ContactListItem`): the first email and phone are the table's
 * generated `email` and `phone` columns, so the rows' JSON lists are not read at all.
 */
const listItemColumns = {
  id: contacts.id,
  givenName: contacts.givenName,
  familyName: contacts.familyName,
  email: contacts.email,
  phone: contacts.phone,
  photoImageId: contacts.photoImageId,
  isFavorite: contacts.isFavorite,
  trashedAt: contacts.trashedAt,
};

/**
 * `selectContactsWithPhoto` for a list's rows: only the columns a row shows, with the photo's
 * key; `extra` adds columns of the reader's own.
 */
export function selectContactListItems<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Database,
  extra?: Extra,
) {
  return db
    .select({
      contact: listItemColumns,
      photo: { key: images.storageKey, contentType: images.contentType },
      ...(extra ?? ({} as Extra)),
    })
    .from(contacts)
    .leftJoin(images, eq(contacts.photoImageId, images.id));
}

/** A row of `selectContactListItems` as the API returns it, its photo as a signed link. */
export function toListItem(
  storage: ImageStorage,
  row: { contact: ListItemColumns; photo: PhotoRef | null },
): ContactListItem {
  // Written out, not spread: a spread and a rest per row cost more than the query's mapping.
  const { contact } = row;
  return {
    id: contact.id,
    givenName: contact.givenName,
    familyName: contact.familyName,
    email: contact.email ?? '',
    phone: contact.phone ?? '',
    photo: contact.photoImageId
      ? { imageId: contact.photoImageId, url: row.photo ? storage.urlFor(row.photo.key) : '' }
      : null,
    isFavorite: contact.isFavorite,
    trashedAt: contact.trashedAt,
  };
}

type ListItemColumns = Pick<typeof contacts.$inferSelect, keyof typeof listItemColumns>;

/** A contact as the API returns it, its photo as a signed link. */
export function toDto(storage: ImageStorage, row: ContactWithPhoto): Contact {
  return toContact(row.contact, row.photo ? storage.urlFor(row.photo.key) : null);
}

/** Reads a contact's photo for embedding, only when a card needs it. */
export function embedded(
  storage: ImageStorage,
  photo: PhotoRef | null,
  withPhoto = true,
): () => Promise<EmbeddedPhoto | null> {
  return async () => {
    const bytes = photo && withPhoto ? await storage.get(photo.key) : null;
    return bytes && photo ? { contentType: photo.contentType, bytes } : null;
  };
}
