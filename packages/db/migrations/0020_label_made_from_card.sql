-- A label a CardDAV upload made from a card's CATEGORIES is no group card while none of its
-- contacts is out of the Trash, so phones show no empty group for a card they deleted.
ALTER TABLE "labels" ADD COLUMN "made_from_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A contact moved to the Trash or back leaves or rejoins its labels' group cards (which list
-- the contacts out of the Trash): their revisions move, once per label per statement, so a
-- bulk trash of 10,000 contacts touches each label once.
CREATE FUNCTION kith_dav_trash_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE labels SET revision = 0
  WHERE id IN (
    SELECT cl.label_id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN contact_labels cl ON cl.contact_id = n.id
    WHERE o.trashed_at IS DISTINCT FROM n.trashed_at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contacts_trash_touch" AFTER UPDATE ON "contacts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kith_dav_trash_touch();
