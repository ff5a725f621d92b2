-- FN as a card or a file wrote it, when it is not the name the parts make ("Grandma").
ALTER TABLE "contacts" ADD COLUMN "formatted_name" text DEFAULT '' NOT NULL;