-- App passwords are found by an HMAC of the password (keyed from APP_SECRET), so a wrong guess
-- costs one indexed read rather than one argon2id check per app password of the account.
-- Passwords made before this have none until their next successful use.
ALTER TABLE "app_passwords" ADD COLUMN "lookup_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "app_passwords_lookup_hash_key" ON "app_passwords" USING btree ("lookup_hash");