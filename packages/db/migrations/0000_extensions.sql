-- Trigram indexes back substring search; unaccent makes it accent-insensitive.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE, so generated columns and indexes go through this IMMUTABLE
-- wrapper that names its dictionary explicitly.
CREATE OR REPLACE FUNCTION kith_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, input)) $$;
