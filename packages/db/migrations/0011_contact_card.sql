-- The contact as an RFC 6350 card: several typed emails, phones, addresses, web
-- addresses, chat handles, related people and dates, N's other parts, the nickname, ORG's
-- units and the note. The legacy single email, phone and location become columns the database
-- derives from the first (preferred) value of each list.
ALTER TABLE "contacts" ADD COLUMN "additional_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "honorific_prefixes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "honorific_suffixes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "nickname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "org_units" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "emails" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "addresses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "urls" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "impps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "related" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "dates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Whether an imported extra now has a field of its own: every TEL, URL, IMPP, RELATED and
-- ADR; an EMAIL that looks like an address (others stay where the import put them, with its
-- warning); an ANNIVERSARY or Google event that is a date; the first NOTE, NICKNAME, prefix
-- and suffix (a second one stays an extra).
CREATE FUNCTION kith_lifted_extra(f jsonb, i bigint, extra jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN f->>'name' IN ('TEL', 'URL', 'IMPP', 'RELATED', 'ADR') THEN true
    WHEN f->>'name' = 'EMAIL' THEN f->>'value' ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
    WHEN f->>'name' IN ('ANNIVERSARY', 'X-EVENT')
      THEN f->>'value' ~ '^(\d{4}|-)-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])$'
    WHEN f->>'name' IN ('NOTE', 'NICKNAME', 'X-NAME-PREFIX', 'X-NAME-SUFFIX') THEN i = (
      SELECT min(j) FROM jsonb_array_elements(extra) WITH ORDINALITY AS y(g, j)
      WHERE g->>'name' = f->>'name')
    ELSE false
  END
$$;--> statement-breakpoint
CREATE FUNCTION kith_lifted_values(extra jsonb, property text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'value', CASE WHEN property = 'EMAIL' THEN lower(f->>'value') ELSE f->>'value' END,
      'type', coalesce(f->>'label', '')) ORDER BY i), '[]'::jsonb)
  FROM jsonb_array_elements(extra) WITH ORDINALITY AS x(f, i)
  WHERE f->>'name' = property AND kith_lifted_extra(f, i, extra)
$$;--> statement-breakpoint
CREATE FUNCTION kith_lifted_text(extra jsonb, property text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce((SELECT f->>'value' FROM jsonb_array_elements(extra) WITH ORDINALITY AS x(f, i)
    WHERE f->>'name' = property ORDER BY i LIMIT 1), '')
$$;--> statement-breakpoint
UPDATE "contacts" c SET
  "emails" = (CASE WHEN c.email <> '' THEN jsonb_build_array(jsonb_build_object('value', c.email, 'type', '')) ELSE '[]'::jsonb END)
    || kith_lifted_values(c.extra, 'EMAIL'),
  "phones" = (CASE WHEN c.phone <> '' THEN jsonb_build_array(jsonb_build_object('value', c.phone, 'type', '')) ELSE '[]'::jsonb END)
    || kith_lifted_values(c.extra, 'TEL'),
  "urls" = kith_lifted_values(c.extra, 'URL'),
  "impps" = kith_lifted_values(c.extra, 'IMPP'),
  "related" = kith_lifted_values(c.extra, 'RELATED'),
  "addresses" = (CASE WHEN coalesce(c.street_address, c.city, c.post_code, c.country) IS NOT NULL
      THEN jsonb_build_array(jsonb_build_object('type', '', 'poBox', '', 'extended', '',
        'street', coalesce(c.street_address, ''), 'locality', coalesce(c.city, ''), 'region', '',
        'postalCode', coalesce(c.post_code, ''), 'country', coalesce(c.country, '')))
      ELSE '[]'::jsonb END)
    || coalesce((SELECT jsonb_agg(jsonb_build_object('type', coalesce(f->>'label', ''),
        'poBox', coalesce(f->'components'->>0, ''), 'extended', coalesce(f->'components'->>1, ''),
        'street', coalesce(f->'components'->>2, f->>'value'), 'locality', coalesce(f->'components'->>3, ''),
        'region', coalesce(f->'components'->>4, ''), 'postalCode', coalesce(f->'components'->>5, ''),
        'country', coalesce(f->'components'->>6, '')) ORDER BY i)
      FROM jsonb_array_elements(c.extra) WITH ORDINALITY AS x(f, i) WHERE f->>'name' = 'ADR'), '[]'::jsonb),
  "dates" = coalesce((SELECT jsonb_agg(jsonb_build_object(
        'type', CASE WHEN f->>'name' = 'ANNIVERSARY' THEN 'anniversary' ELSE coalesce(f->>'label', '') END,
        'day', r.m[3]::int, 'month', r.m[2]::int,
        'year', CASE WHEN r.m[1] IN ('-', '1604', '0000') THEN NULL ELSE r.m[1]::int END) ORDER BY i)
      FROM jsonb_array_elements(c.extra) WITH ORDINALITY AS x(f, i),
        LATERAL regexp_match(f->>'value', '^(\d{4}|-)-?(\d{2})-?(\d{2})$') AS r(m)
      WHERE f->>'name' IN ('ANNIVERSARY', 'X-EVENT') AND kith_lifted_extra(f, i, c.extra)), '[]'::jsonb),
  "note" = kith_lifted_text(c.extra, 'NOTE'),
  "nickname" = kith_lifted_text(c.extra, 'NICKNAME'),
  "honorific_prefixes" = kith_lifted_text(c.extra, 'X-NAME-PREFIX'),
  "honorific_suffixes" = kith_lifted_text(c.extra, 'X-NAME-SUFFIX'),
  "extra" = coalesce((SELECT jsonb_agg(f ORDER BY i)
      FROM jsonb_array_elements(c.extra) WITH ORDINALITY AS x(f, i)
      WHERE NOT kith_lifted_extra(f, i, c.extra)), '[]'::jsonb);--> statement-breakpoint
-- An import's backups (kept a day, for undo) take the same shape.
UPDATE "contact_import_backups" SET "previous" = ("previous" - 'email' - 'phone' - 'streetAddress' - 'city' - 'postCode' - 'country')
  || jsonb_build_object(
    'emails', CASE WHEN "previous"->>'email' <> '' THEN jsonb_build_array(jsonb_build_object('value', "previous"->>'email', 'type', '')) ELSE '[]'::jsonb END,
    'phones', CASE WHEN "previous"->>'phone' <> '' THEN jsonb_build_array(jsonb_build_object('value', "previous"->>'phone', 'type', '')) ELSE '[]'::jsonb END,
    'addresses', CASE WHEN coalesce("previous"->>'streetAddress', "previous"->>'city', "previous"->>'postCode', "previous"->>'country') IS NOT NULL
      THEN jsonb_build_array(jsonb_build_object('type', '', 'poBox', '', 'extended', '',
        'street', coalesce("previous"->>'streetAddress', ''), 'locality', coalesce("previous"->>'city', ''), 'region', '',
        'postalCode', coalesce("previous"->>'postCode', ''), 'country', coalesce("previous"->>'country', '')))
      ELSE '[]'::jsonb END)
  WHERE "previous" ? 'email';--> statement-breakpoint
DROP FUNCTION kith_lifted_text(jsonb, text);--> statement-breakpoint
DROP FUNCTION kith_lifted_values(jsonb, text);--> statement-breakpoint
DROP FUNCTION kith_lifted_extra(jsonb, bigint, jsonb);--> statement-breakpoint
-- The single values become the lists' first values; search reads every email and phone.
ALTER TABLE "contacts" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "phone_digits";--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "email";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email" text GENERATED ALWAYS AS (emails -> 0 ->> 'value') STORED;--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phone" text GENERATED ALWAYS AS (phones -> 0 ->> 'value') STORED;--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "country";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "country" text GENERATED ALWAYS AS (nullif(addresses -> 0 ->> 'country', '')) STORED;--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "city";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "city" text GENERATED ALWAYS AS (nullif(addresses -> 0 ->> 'locality', '')) STORED;--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "post_code";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "post_code" text GENERATED ALWAYS AS (nullif(addresses -> 0 ->> 'postalCode', '')) STORED;--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "street_address";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "street_address" text GENERATED ALWAYS AS (nullif(addresses -> 0 ->> 'street', '')) STORED;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (kith_fold(given_name || ' ' || family_name || ' ' || additional_names || ' ' || nickname || ' ' || coalesce(company, '') || translate(jsonb_path_query_array(emails, '$[*].value')::text || org_units::text, '[]",', '    '))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(jsonb_path_query_array(phones, '$[*].value')::text, '[^0-9,]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_user_search_text_trgm_idx" ON "contacts" USING gin ("user_id","search_text" gin_trgm_ops) WHERE "contacts"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_user_phone_digits_trgm_idx" ON "contacts" USING gin ("user_id","phone_digits" gin_trgm_ops) WHERE "contacts"."trashed_at" is null;
--> statement-breakpoint
-- A contact may have a family name alone ("Smith", as a card's `N:Smith;;;;` says); its sort
-- keys are trimmed so it sorts under S, not before every other name.
ALTER TABLE "contacts" DROP COLUMN "sort_name";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (kith_fold(trim(given_name || ' ' || family_name))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "sort_family_name";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "sort_family_name" text GENERATED ALWAYS AS (kith_fold(trim(family_name || ' ' || given_name))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_user_active_name_idx" ON "contacts" USING btree ("user_id","sort_name","id") WHERE "contacts"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_user_active_family_name_idx" ON "contacts" USING btree ("user_id","sort_family_name","id") WHERE "contacts"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_user_favorite_idx" ON "contacts" USING btree ("user_id","sort_name","id") WHERE "contacts"."trashed_at" is null and "contacts"."is_favorite";
