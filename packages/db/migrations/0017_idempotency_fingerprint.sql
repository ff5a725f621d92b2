-- The fingerprint (SHA-256) of the create request that carried a contact's Idempotency-Key,
-- so the key sent again with other data is refused with 422 rather than answered with the
-- first contact (IETF draft-ietf-httpapi-idempotency-key-header). Older rows keep null.
ALTER TABLE "contacts" ADD COLUMN "idempotency_fingerprint" text;