-- Revisions taken per statement (docs/decisions/0019-revisions-taken-per-statement.md).
-- Every change of a contact or label still takes the account's next revision, under the
-- account's book lock, but the row triggers count on in the transaction instead of updating
-- the account's row once per changed row: the users row is read once, under the lock, when a
-- statement first writes the account, and written once when the statement ends. A label given
-- to many contacts touches each contact and label once per statement, not once per link.
--
-- The transaction's running count lives in its setting `kith.revision`, as
-- 'account:last revision taken:bytes grown' while revisions or bytes are taken that the
-- account's row does not hold yet, and empty otherwise. A setting made with set_config(...,
-- true) is undone with the transaction or savepoint that made it, as the rows are, so the
-- count never outlives the writes it numbered.

-- The next revision of `account` (and `grown` bytes added to its contacts' total): the first
-- one a statement takes locks the book (the lock every writer takes first, so revisions
-- commit in order) and reads the account's counter; the next ones count on from there. A
-- missing account gets 0 and nothing is counted (its row then fails its foreign key, as
-- before). FOR NO KEY UPDATE, as the UPDATE it replaces: it waits for no foreign-key check of
-- another table, and in a snapshot older than the counter it fails to be retried instead of
-- reading a stale count.
CREATE FUNCTION kith_next_revision(account uuid, grown bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  state text := current_setting('kith.revision', true);
  revision bigint;
  bytes bigint := 0;
BEGIN
  IF state IS NOT NULL AND state <> '' AND split_part(state, ':', 1) = account::text THEN
    revision := split_part(state, ':', 2)::bigint;
    bytes := split_part(state, ':', 3)::bigint;
  ELSE
    -- A statement writing another account first hands the last one's count to its row.
    PERFORM kith_flush_revisions();
    PERFORM pg_advisory_xact_lock(727100003, hashtext(account::text));
    SELECT u.dav_revision INTO revision FROM users u WHERE u.id = account FOR NO KEY UPDATE;
    IF NOT FOUND THEN RETURN 0; END IF;
  END IF;
  revision := revision + 1;
  PERFORM set_config('kith.revision', account::text || ':' || revision || ':' || (bytes + grown), true);
  RETURN revision;
END $$;--> statement-breakpoint
-- Writes the transaction's running count to its account's row (revision and bytes), once per
-- statement; nothing when there is none.
CREATE FUNCTION kith_flush_revisions() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  state text := current_setting('kith.revision', true);
BEGIN
  IF state IS NULL OR state = '' THEN RETURN; END IF;
  UPDATE users
    SET dav_revision = greatest(dav_revision, split_part(state, ':', 2)::bigint),
        contact_bytes = contact_bytes + split_part(state, ':', 3)::bigint
    WHERE id = split_part(state, ':', 1)::uuid;
  PERFORM set_config('kith.revision', '', true);
END $$;--> statement-breakpoint
CREATE FUNCTION kith_dav_revision_flush() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kith_flush_revisions();
  RETURN NULL;
END $$;--> statement-breakpoint
-- Statement triggers run after the statement's row triggers (the tombstones' included), so
-- every revision the statement took is in the account's row when the statement ends.
CREATE TRIGGER "contacts_revision_flush" AFTER INSERT OR UPDATE OR DELETE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION kith_dav_revision_flush();--> statement-breakpoint
CREATE TRIGGER "labels_revision_flush" AFTER INSERT OR UPDATE OR DELETE ON "labels" FOR EACH STATEMENT EXECUTE FUNCTION kith_dav_revision_flush();--> statement-breakpoint
CREATE OR REPLACE FUNCTION kith_dav_revision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  grown bigint := 0;
BEGIN
  IF TG_TABLE_NAME = 'contacts' THEN
    grown := kith_contact_bytes(NEW);
    IF TG_OP = 'UPDATE' THEN grown := grown - kith_contact_bytes(OLD); END IF;
  END IF;
  NEW.revision := kith_next_revision(NEW.user_id, grown);
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
  shrunk bigint := 0;
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    IF TG_TABLE_NAME = 'contacts' THEN shrunk := kith_contact_bytes(OLD); END IF;
    next_revision := kith_next_revision(OLD.user_id, -shrunk);
    IF next_revision > 0 THEN
      INSERT INTO dav_tombstones (user_id, resource_id, kind, dav_name, revision)
      VALUES (OLD.user_id, OLD.id, CASE TG_TABLE_NAME WHEN 'labels' THEN 'group' ELSE 'contact' END,
              OLD.dav_name, next_revision);
    END IF;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
-- A label given or taken changes the contact's CATEGORIES and the group card's members: each
-- contact and each label of the statement's links takes one new revision, unless this
-- transaction already gave it one (it wrote the row's current version: xmin). Nobody sees a
-- transaction's rows before it commits, so that revision already names the row as it will be
-- seen, links included; an import's new contacts are not written a second time so.
CREATE FUNCTION kith_dav_links_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contacts SET revision = 0
  WHERE id IN (SELECT contact_id FROM changed_links) AND xmin <> pg_current_xact_id()::xid;
  UPDATE labels SET revision = 0
  WHERE id IN (SELECT label_id FROM changed_links) AND xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "contact_labels_touch" ON "contact_labels";--> statement-breakpoint
CREATE TRIGGER "contact_labels_touch_given" AFTER INSERT ON "contact_labels" REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION kith_dav_links_touch();--> statement-breakpoint
CREATE TRIGGER "contact_labels_touch_taken" AFTER DELETE ON "contact_labels" REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION kith_dav_links_touch();--> statement-breakpoint
-- A label renamed changes its members' CATEGORIES: their revisions move (the links' branches
-- of this function are the statement trigger's above now).
CREATE OR REPLACE FUNCTION kith_dav_label_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contacts SET revision = 0
  WHERE id IN (SELECT contact_id FROM contact_labels WHERE label_id = NEW.id);
  RETURN NULL;
END $$;
