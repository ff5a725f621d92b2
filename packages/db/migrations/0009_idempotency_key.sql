ALTER TABLE "contacts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_idempotency_key_key" ON "contacts" USING btree ("user_id","idempotency_key");