CREATE TYPE "public"."contact_sort" AS ENUM('first_name', 'last_name', 'recently_added', 'recently_edited');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact_sort" "contact_sort" DEFAULT 'first_name' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "sort_family_name" text GENERATED ALWAYS AS (kith_fold(family_name || ' ' || given_name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_user_active_family_name_idx" ON "contacts" USING btree ("user_id","sort_family_name","id") WHERE "contacts"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_user_active_created_idx" ON "contacts" USING btree ("user_id","created_at","id") WHERE "contacts"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_user_active_updated_idx" ON "contacts" USING btree ("user_id","updated_at","id") WHERE "contacts"."trashed_at" is null;