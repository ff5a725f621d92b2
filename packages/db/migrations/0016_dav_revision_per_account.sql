-- CardDAV revisions (ETags, sync tokens) per account. Migration 0012 numbered every change
-- of every account from one sequence, so the numbers a client saw told it how much everyone
-- else wrote between two syncs. Each account now counts its own changes in
-- users.dav_revision, taken under the same per-account advisory lock, so its revisions still
-- commit in order (RFC 6578 §3.2: a token names a state of this collection only).
ALTER TABLE "users" ADD COLUMN "dav_revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Start each account above every number it has handed out: its newest contact, label and
-- tombstone, and the floor left by purged tombstones (whose revisions a client may hold), so
-- no client's token can be at or above a revision taken after this migration.
UPDATE "users" u SET "dav_revision" = greatest(
  (SELECT max(c.revision) FROM contacts c WHERE c.user_id = u.id),
  (SELECT max(l.revision) FROM labels l WHERE l.user_id = u.id),
  (SELECT max(t.revision) FROM dav_tombstones t WHERE t.user_id = u.id),
  u.dav_sync_floor,
  0);--> statement-breakpoint
-- Every change of a contact or label takes the account's next revision. The advisory lock
-- (per account, held to commit) still comes first, so writers of one account wait in the
-- same order as before and the users row is only ever updated under it. A row whose account
-- does not exist keeps 0 and fails on its foreign key, as before.
CREATE OR REPLACE FUNCTION kith_dav_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727100003, hashtext(NEW.user_id::text));
  UPDATE users SET dav_revision = dav_revision + 1 WHERE id = NEW.user_id
    RETURNING dav_revision INTO NEW.revision;
  IF NOT FOUND THEN NEW.revision := 0; END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.uid = '' THEN NEW.uid := 'urn:uuid:' || NEW.id; END IF;
    IF NEW.dav_name = '' THEN NEW.dav_name := NEW.id || '.vcf'; END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- A contact or label deleted for good leaves a tombstone with the account's next revision,
-- unless its account is being deleted too (its row is gone, so nothing is counted).
CREATE OR REPLACE FUNCTION kith_dav_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_revision bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    PERFORM pg_advisory_xact_lock(727100003, hashtext(OLD.user_id::text));
    UPDATE users SET dav_revision = dav_revision + 1 WHERE id = OLD.user_id
      RETURNING dav_revision INTO next_revision;
    IF FOUND THEN
      INSERT INTO dav_tombstones (user_id, resource_id, kind, dav_name, revision)
      VALUES (OLD.user_id, OLD.id, CASE TG_TABLE_NAME WHEN 'labels' THEN 'group' ELSE 'contact' END,
              OLD.dav_name, next_revision);
    END IF;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "contact_revision_seq";
