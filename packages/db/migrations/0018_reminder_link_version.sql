-- The reminder settings' version that unsubscribe links are signed for: every save moves it,
-- so a link in a mail sent before a change (or before reminders were turned on again) expires.
-- Existing links were signed without a version, which verifies as version 0.
ALTER TABLE "reminder_settings" ADD COLUMN "link_version" integer DEFAULT 0 NOT NULL;