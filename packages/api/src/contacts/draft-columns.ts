import type { ImportedContact } from '@kith/validators';
import { cardOf } from './card';

/**
 * The columns of a contact an import or a CardDAV PUT writes, from the contact a file or a
 * card was read into (`ImportedContact`): the name, company, title and birthday as columns,
 * empty texts as null where the column keeps null, and the card's lists (`cardOf`).
 */
export function columnsOf(contact: ImportedContact) {
  const orNull = (value: string) => value || null;
  return {
    givenName: contact.givenName,
    familyName: contact.familyName,
    formattedName: contact.formattedName ?? '',
    nameIsStandIn: contact.nameIsStandIn ?? false,
    org: orNull(contact.org),
    title: orNull(contact.title),
    birthdayDay: contact.birthday?.day ?? null,
    birthdayMonth: contact.birthday?.month ?? null,
    birthdayYear: contact.birthday?.year ?? null,
    ...cardOf(contact),
  };
}
