CREATE TABLE "sync_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"app_password_id" uuid NOT NULL,
	"app_password_name" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"contacts_changed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sync_alerts" ADD CONSTRAINT "sync_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_alerts_user_app_password_idx" ON "sync_alerts" USING btree ("user_id","app_password_id","until");--> statement-breakpoint
CREATE INDEX "sync_alerts_until_idx" ON "sync_alerts" USING btree ("until");