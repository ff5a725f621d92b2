DROP INDEX "contacts_sort_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "signup_name" text;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "signup_password_hash" text;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "signup_locale" "interface_locale";--> statement-breakpoint
CREATE UNIQUE INDEX "images_storage_key_key" ON "images" USING btree ("storage_key");