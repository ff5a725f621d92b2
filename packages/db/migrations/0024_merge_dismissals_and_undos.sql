-- Merge & fix remembers pairs the person said are not duplicates, and what a merge changed so
-- that it can be undone for a short while. Both are new tables; rows go with their contacts.
CREATE TABLE "duplicate_dismissals" (
	"user_id" uuid NOT NULL,
	"contact_a" uuid NOT NULL,
	"contact_b" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_dismissals_contact_a_contact_b_pk" PRIMARY KEY("contact_a","contact_b"),
	CONSTRAINT "duplicate_dismissals_ordered" CHECK ("duplicate_dismissals"."contact_a" < "duplicate_dismissals"."contact_b")
);
--> statement-breakpoint
CREATE TABLE "merge_undos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kept_id" uuid NOT NULL,
	"kept_revision" bigint NOT NULL,
	"previous" jsonb NOT NULL,
	"added_label_ids" jsonb NOT NULL,
	"copies" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_contact_a_contacts_id_fk" FOREIGN KEY ("contact_a") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_contact_b_contacts_id_fk" FOREIGN KEY ("contact_b") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_undos" ADD CONSTRAINT "merge_undos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_undos" ADD CONSTRAINT "merge_undos_kept_id_contacts_id_fk" FOREIGN KEY ("kept_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_dismissals_user_idx" ON "duplicate_dismissals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "duplicate_dismissals_contact_b_idx" ON "duplicate_dismissals" USING btree ("contact_b");--> statement-breakpoint
CREATE INDEX "merge_undos_user_kept_idx" ON "merge_undos" USING btree ("user_id","kept_id");--> statement-breakpoint
CREATE INDEX "merge_undos_created_idx" ON "merge_undos" USING btree ("created_at");