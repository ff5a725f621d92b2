import { combinedName } from '@kith/validators';
import { i18nKey } from './i18n';

/**
 * The name the API gives a contact with nothing to name it after (a card of only a birthday,
 * a photo or the star: `NO_NAME` of packages/api/src/vcard/draft.ts). It arrives as the
 * contact's given name, in English whatever the interface language.
 */
export const NO_NAME = 'No name';

/** The stand-in name as the interface shows it. */
const NO_NAME_KEY = i18nKey('No name');

/**
 * A contact's name as a person reads it: the API's stand-in "No name" in the interface
 * language, any other name as it is.
 */
export function shownName(name: string, t: (key: string) => string): string {
  return name.trim() === NO_NAME ? t(NO_NAME_KEY) : name;
}

/** A contact's name as the lists show it: given and family name, as the API combines them. */
export function contactName(contact: { givenName: string; familyName: string }): string {
  return combinedName(contact.givenName, contact.familyName);
}
