CREATE TYPE "public"."keep_in_touch_interval" AS ENUM('week', 'month', 'quarter', 'half_year', 'year');--> statement-breakpoint
CREATE TYPE "public"."reminder_delivery" AS ENUM('each', 'weekly_digest');--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"feed_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_feed_id_unique" UNIQUE("feed_id")
);
--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"user_id" uuid NOT NULL,
	"contact_id" uuid,
	"occasion" text NOT NULL,
	"occurs_on" date NOT NULL,
	"lead_days" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_deliveries_once" UNIQUE NULLS NOT DISTINCT("user_id","contact_id","occasion","occurs_on","lead_days")
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"birthdays" boolean DEFAULT true NOT NULL,
	"anniversaries" boolean DEFAULT true NOT NULL,
	"other_dates" boolean DEFAULT false NOT NULL,
	"lead_days" smallint[] DEFAULT '{0}'::smallint[] NOT NULL,
	"send_minute" smallint DEFAULT 540 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"delivery" "reminder_delivery" DEFAULT 'each' NOT NULL,
	"prepared_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "keep_in_touch" "keep_in_touch_interval";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "keep_in_touch_from" date;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "last_contacted_on" date;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_deliveries_sent_at_idx" ON "reminder_deliveries" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "reminder_deliveries_contact_id_idx" ON "reminder_deliveries" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contacts_active_birthday_idx" ON "contacts" USING btree ("birthday_month","birthday_day") WHERE "contacts"."trashed_at" is null and "contacts"."birthday_month" is not null;--> statement-breakpoint
CREATE INDEX "contacts_active_dates_idx" ON "contacts" USING gin ("dates" jsonb_path_ops) WHERE "contacts"."trashed_at" is null and "contacts"."dates" <> '[]'::jsonb;--> statement-breakpoint
CREATE INDEX "contacts_user_keep_in_touch_idx" ON "contacts" USING btree ("user_id") WHERE "contacts"."trashed_at" is null and "contacts"."keep_in_touch" is not null;