import { schema, type Database } from '@kith/db';
import { eq, type SQL } from 'drizzle-orm';
import type { ImageStorage } from '../images/storage';
import { toContactDto, type ContactDto } from './contact-dto';

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
 * The one query every reader of contacts starts from (lists, one contact, duplicates, search,
 * export, data export): each contact with its photo's key and type. Readers add their
 * `where`, order and limit; `extra` adds columns of their own (a list's cursor key).
 */
export function selectContactsWithPhoto<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Database,
  extra?: Extra,
) {
  return db
    .select({
      contact: contacts,
      photo: { key: images.storageKey, contentType: images.contentType },
      ...(extra ?? ({} as Extra)),
    })
    .from(contacts)
    .leftJoin(images, eq(contacts.avatarImageId, images.id));
}

/** A contact as the API returns it, its photo as a signed link. */
export function toDto(storage: ImageStorage, row: ContactWithPhoto): ContactDto {
  return toContactDto(row.contact, row.photo ? storage.urlFor(row.photo.key) : null);
}
