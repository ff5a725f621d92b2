-- The contact's columns take the card's words (RFC 6350 ORG, TITLE, PHOTO). Renaming keeps the
-- data, the generated search column (PostgreSQL follows the rename inside its expression), the
-- foreign key and the index; only the function that reads the row by column name is rewritten.
ALTER TABLE "contacts" RENAME COLUMN "company" TO "org";--> statement-breakpoint
ALTER TABLE "contacts" RENAME COLUMN "job_title" TO "title";--> statement-breakpoint
ALTER TABLE "contacts" RENAME COLUMN "avatar_image_id" TO "photo_image_id";--> statement-breakpoint
ALTER TABLE "contacts" RENAME CONSTRAINT "contacts_avatar_image_id_images_id_fk" TO "contacts_photo_image_id_images_id_fk";--> statement-breakpoint
ALTER INDEX "contacts_avatar_image_id_idx" RENAME TO "contacts_photo_image_id_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION kith_contact_bytes(c contacts) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(pg_column_size(ROW(c.card, c.note, c.emails, c.phones, c.addresses, c.urls,
    c.impps, c.related, c.dates, c.extra, c.given_name, c.family_name, c.org)), 0)::bigint
$$;
--> statement-breakpoint
-- An import's backups keep a contact's columns by name, so an import made before this
-- migration can still be taken back.
UPDATE "contact_import_backups"
  SET "previous" = ("previous" - 'company' - 'jobTitle' - 'avatarImageId') || jsonb_build_object(
    'org', "previous" -> 'company',
    'title', "previous" -> 'jobTitle',
    'photoImageId', "previous" -> 'avatarImageId')
  WHERE "previous" ? 'company';
