-- CardDAV: app passwords; each contact's and label's UID, resource name and
-- revision (a label is a group card to Apple's clients); and tombstones of deleted cards.
-- Sync tokens (RFC 6578) come from a per-account change log the database keeps itself:
-- every writer of contacts and labels (web, import, merge, trash, purge) moves the revision
-- without knowing CardDAV exists.
CREATE SEQUENCE "contact_revision_seq";--> statement-breakpoint
CREATE TABLE "app_passwords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"last_used_user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dav_tombstones" (
	"user_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dav_name" text NOT NULL,
	"revision" bigint NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_book_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "me_card" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dav_sync_floor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "uid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "dav_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "contacts" SET "uid" = 'urn:uuid:' || "id", "dav_name" = "id" || '.vcf', "revision" = nextval('contact_revision_seq');--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "uid" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "dav_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "labels" SET "uid" = 'urn:uuid:' || "id", "dav_name" = "id" || '.vcf', "revision" = nextval('contact_revision_seq');--> statement-breakpoint
ALTER TABLE "app_passwords" ADD CONSTRAINT "app_passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_passwords_user_id_idx" ON "app_passwords" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dav_tombstones_user_revision_idx" ON "dav_tombstones" USING btree ("user_id","revision");--> statement-breakpoint
CREATE INDEX "dav_tombstones_deleted_at_idx" ON "dav_tombstones" USING btree ("deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_dav_name_key" ON "contacts" USING btree ("user_id","dav_name");--> statement-breakpoint
CREATE INDEX "contacts_user_uid_idx" ON "contacts" USING btree ("user_id","uid");--> statement-breakpoint
CREATE INDEX "contacts_user_revision_idx" ON "contacts" USING btree ("user_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_user_dav_name_key" ON "labels" USING btree ("user_id","dav_name");--> statement-breakpoint
CREATE INDEX "labels_user_revision_idx" ON "labels" USING btree ("user_id","revision");--> statement-breakpoint
-- Every change of a contact or label takes the next revision. The account's writers are
-- serialised (a transaction-level advisory lock per account, held to commit), so one
-- account's revisions become visible in the order they were taken: a client that synced up
-- to revision N can never later miss a change numbered below N. A new row gets its resource
-- name and UID from its id unless a CardDAV client chose them.
CREATE FUNCTION kith_dav_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727100003, hashtext(NEW.user_id::text));
  NEW.revision := nextval('contact_revision_seq');
  IF TG_OP = 'INSERT' THEN
    IF NEW.uid = '' THEN NEW.uid := 'urn:uuid:' || NEW.id; END IF;
    IF NEW.dav_name = '' THEN NEW.dav_name := NEW.id || '.vcf'; END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "contacts_revision" BEFORE INSERT OR UPDATE ON "contacts" FOR EACH ROW EXECUTE FUNCTION kith_dav_revision();--> statement-breakpoint
CREATE TRIGGER "labels_revision" BEFORE INSERT OR UPDATE ON "labels" FOR EACH ROW EXECUTE FUNCTION kith_dav_revision();--> statement-breakpoint
-- A contact or label deleted for good leaves a tombstone, unless its account is being
-- deleted too.
CREATE FUNCTION kith_dav_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    PERFORM pg_advisory_xact_lock(727100003, hashtext(OLD.user_id::text));
    INSERT INTO dav_tombstones (user_id, resource_id, kind, dav_name, revision)
    VALUES (OLD.user_id, OLD.id, CASE TG_TABLE_NAME WHEN 'labels' THEN 'group' ELSE 'contact' END,
            OLD.dav_name, nextval('contact_revision_seq'));
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "contacts_tombstone" AFTER DELETE ON "contacts" FOR EACH ROW EXECUTE FUNCTION kith_dav_tombstone();--> statement-breakpoint
CREATE TRIGGER "labels_tombstone" AFTER DELETE ON "labels" FOR EACH ROW EXECUTE FUNCTION kith_dav_tombstone();--> statement-breakpoint
-- A label given or taken changes the contact's CATEGORIES and the group card's members; a
-- label renamed changes its members' CATEGORIES: their revisions move.
CREATE FUNCTION kith_dav_label_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'labels' THEN
    UPDATE contacts SET revision = 0
    WHERE id IN (SELECT contact_id FROM contact_labels WHERE label_id = NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE contacts SET revision = 0 WHERE id = OLD.contact_id;
    UPDATE labels SET revision = 0 WHERE id = OLD.label_id;
  ELSE
    UPDATE contacts SET revision = 0 WHERE id = NEW.contact_id;
    UPDATE labels SET revision = 0 WHERE id = NEW.label_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contact_labels_touch" AFTER INSERT OR DELETE ON "contact_labels" FOR EACH ROW EXECUTE FUNCTION kith_dav_label_touch();--> statement-breakpoint
CREATE TRIGGER "labels_rename_touch" AFTER UPDATE OF "name" ON "labels" FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION kith_dav_label_touch();
