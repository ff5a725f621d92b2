CREATE TABLE "contact_import_backups" (
	"import_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"previous" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "extra" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_import_backups" ADD CONSTRAINT "contact_import_backups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_backups" ADD CONSTRAINT "contact_import_backups_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_import_backups_import_idx" ON "contact_import_backups" USING btree ("import_id","contact_id");--> statement-breakpoint
CREATE INDEX "contact_import_backups_created_idx" ON "contact_import_backups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contacts_import_id_idx" ON "contacts" USING btree ("import_id") WHERE "contacts"."import_id" is not null;