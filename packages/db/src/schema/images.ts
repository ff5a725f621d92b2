import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Uploaded images. The id is the `publicId` of the REST API (an uploaded image has a
 * `publicId` and a `url`: docs/product/contact.md#other-entities); `ownerId` records who uploaded it, so only the owner can replace
 * or delete it. Bytes live in the storage backend under `storageKey`.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    /** Size of the stored, re-encoded file in bytes. */
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Set when a contact or profile points at the image; unattached uploads expire. */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('images_owner_id_idx').on(t.ownerId),
    /** Serving a photo link looks its image up by key. */
    uniqueIndex('images_storage_key_key').on(t.storageKey),
    index('images_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
  ],
);

export type Image = typeof images.$inferSelect;
