-- Search per account: btree_gin lets a GIN index lead with the account, so a
-- search's cost follows the person's own book, not every account's rows. The idempotency
-- key's index becomes partial: it held a row for every contact and stood in for an account
-- index in plans.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "contacts_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_phone_digits_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_user_idempotency_key_key";--> statement-breakpoint
CREATE INDEX "contacts_user_search_text_trgm_idx" ON "contacts" USING gin ("user_id","search_text" gin_trgm_ops) WHERE "contacts"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_user_phone_digits_trgm_idx" ON "contacts" USING gin ("user_id","phone_digits" gin_trgm_ops) WHERE "contacts"."trashed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_idempotency_key_key" ON "contacts" USING btree ("user_id","idempotency_key") WHERE "contacts"."idempotency_key" is not null;