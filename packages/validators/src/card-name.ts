/**
 * How a contact's name parts read as one name, and back: the rule the lists, search, exports
 * and the legacy REST `name` share.
 */

/** "Ada Lovelace"; a contact with no family name is just "Ada". */
export function combinedName(givenName: string, familyName: string): string {
  return [givenName, familyName].filter(Boolean).join(' ');
}

/**
 * Splits a name written as one text (a file's "Name" column, the legacy edit screen's single
 * name field) into given and family name: the last word is the family name, the rest the
 * given name ("Mary Ann Evans" -> "Mary Ann" + "Evans").
 */
export function splitName(name: string): { givenName: string; familyName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { givenName: words[0]!, familyName: '' };
  return { givenName: words.slice(0, -1).join(' '), familyName: words.at(-1)! };
}
