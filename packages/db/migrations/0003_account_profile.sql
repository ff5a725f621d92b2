CREATE TYPE "public"."color_scheme" AS ENUM('auto', 'light', 'dark');--> statement-breakpoint
CREATE TYPE "public"."interface_locale" AS ENUM('en', 'es');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_image_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" "interface_locale";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "color_scheme" "color_scheme" DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_image_id_images_id_fk" FOREIGN KEY ("avatar_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_avatar_image_id_idx" ON "users" USING btree ("avatar_image_id");