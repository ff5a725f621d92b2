/**
 * What other domains use of contacts/: the lists and their filters, the contact as the API
 * returns it (and its legacy REST shape), rows with their photos, the card's parts, and the
 * columns a read card is written as.
 */
export { activeContactRows } from './active-contacts';
export { cardOf, unionCards, unionValues } from './card';
export { GOOGLE_LABEL_SEPARATOR, SPREADSHEET_FORMULA, splitComponents } from './contact-csv';
export { toContact, type Contact, type ContactListItem, type ContactSummary } from './contact-dto';
export {
  CONTACT_NOT_FOUND,
  NO_MATCHING_CONTACTS,
  listContactItems,
  listContacts,
} from './contacts.service';
export {
  embedded,
  selectContactsWithPhoto,
  toDto,
  type ContactWithPhoto,
} from './contacts-with-photo';
export { columnsOf } from './draft-columns';
export { labelNames } from './export.service';
export { mergeExtras } from './extra-fields';
export { toLegacyContact, toLegacySummary } from './legacy-contact.rest';
export { chosenContacts, isOneContact, LABEL_NOT_FOUND, ownedLabel } from './list-filter';
export { phoneKey } from './phone-key';
export {
  deleteContactRows,
  insertContactRows,
  overwriteContactRows,
  putBackContactRows,
  rowOfSnapshot,
  updateContactRows,
  type ContactChanges,
  type WrittenContact,
} from './writes';
