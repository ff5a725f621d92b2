-- The card is the record: a contact keeps the vCard a client or a file sent (its text, for
-- octet-equal reads and honest ETags) and, per group of fields, what the columns held when it
-- was read, so an edit made in Kith rewrites only the properties it changed.
ALTER TABLE "contacts" ADD COLUMN "card" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "card_basis" jsonb;--> statement-breakpoint
-- A running total of the bytes each account's contacts take, so the quota check of an upload
-- reads one row instead of measuring the whole book under the account's lock.
ALTER TABLE "users" ADD COLUMN "contact_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What one contact row counts for: its stored card and the values a person wrote. Generated
-- columns are left out: a BEFORE trigger sees them unset.
CREATE FUNCTION kith_contact_bytes(c contacts) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(pg_column_size(ROW(c.card, c.note, c.emails, c.phones, c.addresses, c.urls,
    c.impps, c.related, c.dates, c.extra, c.given_name, c.family_name, c.company)), 0)::bigint
$$;--> statement-breakpoint
UPDATE "users" u SET "contact_bytes" = coalesce(
  (SELECT sum(kith_contact_bytes(c)) FROM contacts c WHERE c.user_id = u.id), 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION kith_dav_revision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  grown bigint := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(727100003, hashtext(NEW.user_id::text));
  IF TG_TABLE_NAME = 'contacts' THEN
    grown := kith_contact_bytes(NEW);
    IF TG_OP = 'UPDATE' THEN grown := grown - kith_contact_bytes(OLD); END IF;
  END IF;
  UPDATE users SET dav_revision = dav_revision + 1, contact_bytes = contact_bytes + grown
    WHERE id = NEW.user_id
    RETURNING dav_revision INTO NEW.revision;
  IF NOT FOUND THEN NEW.revision := 0; END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.uid = '' THEN NEW.uid := 'urn:uuid:' || NEW.id; END IF;
    IF NEW.dav_name = '' THEN NEW.dav_name := NEW.id || '.vcf'; END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION kith_dav_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_revision bigint;
  shrunk bigint := 0;
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    PERFORM pg_advisory_xact_lock(727100003, hashtext(OLD.user_id::text));
    IF TG_TABLE_NAME = 'contacts' THEN shrunk := kith_contact_bytes(OLD); END IF;
    UPDATE users SET dav_revision = dav_revision + 1, contact_bytes = contact_bytes - shrunk
      WHERE id = OLD.user_id
      RETURNING dav_revision INTO next_revision;
    IF FOUND THEN
      INSERT INTO dav_tombstones (user_id, resource_id, kind, dav_name, revision)
      VALUES (OLD.user_id, OLD.id, CASE TG_TABLE_NAME WHEN 'labels' THEN 'group' ELSE 'contact' END,
              OLD.dav_name, next_revision);
    END IF;
  END IF;
  RETURN OLD;
END $$;
