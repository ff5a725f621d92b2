DROP INDEX "contacts_user_active_name_idx";--> statement-breakpoint
DROP INDEX "contacts_user_favorite_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (kith_fold(given_name || ' ' || family_name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_user_active_name_idx" ON "contacts" USING btree ("user_id","sort_name","id") WHERE "contacts"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_user_favorite_idx" ON "contacts" USING btree ("user_id","sort_name","id") WHERE "contacts"."trashed_at" is null and "contacts"."is_favorite";