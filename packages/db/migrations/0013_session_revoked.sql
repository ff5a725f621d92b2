-- Session liveness cached per instance: every revocation of a session family (sign
-- out, password reset, a replayed refresh token, "sign out other sessions", an account
-- deleted) is announced on the channel `kith_session_revoked` with the family's id, by the
-- database itself, so no code path that ends a session can forget to. Instances on
-- PostgreSQL LISTEN and drop the family from their cache within a moment of the commit.
CREATE FUNCTION kith_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('kith_session_revoked', OLD.family_id::text);
    RETURN OLD;
  END IF;
  IF OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL THEN
    PERFORM pg_notify('kith_session_revoked', NEW.family_id::text);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_revoked" AFTER UPDATE OF "revoked_at" OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION kith_session_revoked();
