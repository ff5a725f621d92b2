-- Contact history: the tables of versions of contacts and labels, and the triggers that write them.
CREATE TABLE "contact_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"txid" bigint NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" jsonb,
	"card" jsonb,
	"photo_image_id" uuid
);
--> statement-breakpoint
CREATE TABLE "label_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	"txid" bigint NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" jsonb,
	"label" jsonb
);
--> statement-breakpoint
ALTER TABLE "contact_versions" ADD CONSTRAINT "contact_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_versions" ADD CONSTRAINT "label_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_versions_contact_txid_key" ON "contact_versions" USING btree ("contact_id","txid");--> statement-breakpoint
CREATE INDEX "contact_versions_user_recorded_idx" ON "contact_versions" USING btree ("user_id","recorded_at");--> statement-breakpoint
CREATE INDEX "contact_versions_contact_recorded_idx" ON "contact_versions" USING btree ("contact_id","recorded_at");--> statement-breakpoint
CREATE INDEX "contact_versions_recorded_idx" ON "contact_versions" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "contact_versions_photo_idx" ON "contact_versions" USING btree ("photo_image_id") WHERE "contact_versions"."photo_image_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "label_versions_label_txid_key" ON "label_versions" USING btree ("label_id","txid");--> statement-breakpoint
CREATE INDEX "label_versions_user_recorded_idx" ON "label_versions" USING btree ("user_id","recorded_at");--> statement-breakpoint
CREATE INDEX "label_versions_recorded_idx" ON "label_versions" USING btree ("recorded_at");--> statement-breakpoint
-- The history of contacts and labels (docs/history.md). Triggers write it, so every writer is
-- recorded, whoever it is: one version per contact (or label) per write transaction, holding
-- it as it was before the transaction (null when the transaction created it), and only when
-- something a person could see changed. The API names the change's source in the
-- transaction's `kith.change_source` setting.
CREATE FUNCTION kith_change_source() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('kith.change_source', true), '')::jsonb
$$;--> statement-breakpoint
-- When the transaction's changes happened: the moment it first wrote the history, kept in the
-- transaction's `kith.change_at`, so all its versions share it. Every writer of an account
-- takes the account's book lock before it writes (migration 0012), so an account's versions
-- are recorded in the order their transactions committed. The transaction's start (now())
-- is not that order: one that began first may have waited for the lock while another wrote,
-- and undoing the changes after a moment would then miss the other's.
CREATE FUNCTION kith_change_time() RETURNS timestamptz LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  at text := current_setting('kith.change_at', true);
BEGIN
  IF at IS NULL OR at = '' THEN
    at := clock_timestamp()::text;
    PERFORM set_config('kith.change_at', at, true);
  END IF;
  RETURN at::timestamptz;
END $$;--> statement-breakpoint
-- A contact's own values: generated columns and the revision left out (a BEFORE trigger sees
-- the generated columns of NEW unset), and the update time, which moves with every write.
CREATE FUNCTION kith_contact_values(c contacts) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT to_jsonb(c) - ARRAY['email', 'phone', 'street_address', 'city', 'post_code', 'country',
    'search_text', 'sort_name', 'sort_family_name', 'phone_digits', 'revision', 'updated_at']
$$;--> statement-breakpoint
-- A contact as a version keeps it: its values, its update time and its labels.
CREATE FUNCTION kith_contact_snapshot(c contacts) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT kith_contact_values(c) || jsonb_build_object(
    'updated_at', c.updated_at,
    'labels', coalesce((
      SELECT jsonb_agg(jsonb_build_object('id', cl.label_id, 'name', n.name) ORDER BY n.name, cl.label_id)
      FROM contact_labels cl
      -- A label being deleted (its links go after it) is named by its last version.
      CROSS JOIN LATERAL (SELECT coalesce(
        (SELECT l.name FROM labels l WHERE l.id = cl.label_id),
        (SELECT lv.label ->> 'name' FROM label_versions lv
          WHERE lv.label_id = cl.label_id ORDER BY lv.recorded_at DESC, lv.txid DESC LIMIT 1)) AS name) n
      WHERE cl.contact_id = c.id), '[]'::jsonb))
$$;--> statement-breakpoint
CREATE FUNCTION kith_label_values(l labels) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT to_jsonb(l) - ARRAY['revision', 'updated_at']
$$;--> statement-breakpoint
-- Contacts created: a version without a card, so a restore to a moment before removes them.
CREATE FUNCTION kith_contacts_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_versions (user_id, contact_id, txid, recorded_at, source, card)
  SELECT n.user_id, n.id, txid_current(), kith_change_time(), kith_change_source(), NULL
  FROM new_rows n
  ON CONFLICT (contact_id, txid) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Contacts changed: their values before, when a value other than the revision moved. Labels
-- given or taken in the same transaction are recorded by contact_labels' trigger, which runs
-- before they change.
CREATE FUNCTION kith_contacts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_versions (user_id, contact_id, txid, recorded_at, source, card, photo_image_id)
  SELECT o.user_id, o.id, txid_current(), kith_change_time(), kith_change_source(), kith_contact_snapshot(o),
    o.photo_image_id
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE kith_contact_values(o) IS DISTINCT FROM kith_contact_values(n)
    AND NOT EXISTS (SELECT 1 FROM contact_versions v
      WHERE v.contact_id = o.id AND v.txid = txid_current())
  ON CONFLICT (contact_id, txid) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A contact deleted for good: recorded before the row goes, while its labels are still
-- linked; not when its whole account is being deleted.
CREATE FUNCTION kith_contact_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    INSERT INTO contact_versions (user_id, contact_id, txid, recorded_at, source, card, photo_image_id)
    VALUES (OLD.user_id, OLD.id, txid_current(), kith_change_time(), kith_change_source(),
      kith_contact_snapshot(OLD), OLD.photo_image_id)
    ON CONFLICT (contact_id, txid) DO NOTHING;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
-- A label given or taken: the contact as it was, before the link changes.
CREATE FUNCTION kith_contact_labels_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cid uuid := CASE TG_OP WHEN 'DELETE' THEN OLD.contact_id ELSE NEW.contact_id END;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM contact_versions v
      WHERE v.contact_id = cid AND v.txid = txid_current()) THEN
    INSERT INTO contact_versions (user_id, contact_id, txid, recorded_at, source, card, photo_image_id)
    SELECT c.user_id, c.id, txid_current(), kith_change_time(), kith_change_source(), kith_contact_snapshot(c),
      c.photo_image_id
    FROM contacts c JOIN users u ON u.id = c.user_id
    WHERE c.id = cid
    ON CONFLICT (contact_id, txid) DO NOTHING;
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END $$;--> statement-breakpoint
CREATE FUNCTION kith_labels_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO label_versions (user_id, label_id, txid, recorded_at, source, label)
  SELECT n.user_id, n.id, txid_current(), kith_change_time(), kith_change_source(), NULL
  FROM new_rows n
  ON CONFLICT (label_id, txid) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION kith_label_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND kith_label_values(OLD) IS NOT DISTINCT FROM kith_label_values(NEW) THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    INSERT INTO label_versions (user_id, label_id, txid, recorded_at, source, label)
    VALUES (OLD.user_id, OLD.id, txid_current(), kith_change_time(), kith_change_source(),
      kith_label_values(OLD) || jsonb_build_object('updated_at', OLD.updated_at))
    ON CONFLICT (label_id, txid) DO NOTHING;
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END $$;--> statement-breakpoint
CREATE TRIGGER "contacts_history_created" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_contacts_created();--> statement-breakpoint
CREATE TRIGGER "contacts_history_changed" AFTER UPDATE ON "contacts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_contacts_changed();--> statement-breakpoint
CREATE TRIGGER "contacts_history_deleted" BEFORE DELETE ON "contacts" FOR EACH ROW EXECUTE FUNCTION kith_contact_deleted();--> statement-breakpoint
CREATE TRIGGER "contact_labels_history" BEFORE INSERT OR DELETE ON "contact_labels" FOR EACH ROW EXECUTE FUNCTION kith_contact_labels_changed();--> statement-breakpoint
CREATE TRIGGER "labels_history_created" AFTER INSERT ON "labels" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_labels_created();--> statement-breakpoint
CREATE TRIGGER "labels_history_changed" BEFORE UPDATE OR DELETE ON "labels" FOR EACH ROW EXECUTE FUNCTION kith_label_changed();
