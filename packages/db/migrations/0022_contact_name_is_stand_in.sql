-- The card named no one: the given name is a stand-in for the screen, never written to a card.
ALTER TABLE "contacts" ADD COLUMN "name_is_stand_in" boolean DEFAULT false NOT NULL;