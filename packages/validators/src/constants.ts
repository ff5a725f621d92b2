/**
 * The closed lists the first screen needs (the language, the colour scheme, the list's order),
 * in a module of their own with no zod: the contacts list's initial script then carries no
 * schema library. The schemas that check them live beside their domains.
 */

/** The interface languages with a complete catalogue (BCP 47 primary tags). */
export const INTERFACE_LOCALES = ['en', 'es'] as const;
export type InterfaceLocale = (typeof INTERFACE_LOCALES)[number];

/** Light, dark, or follow the device. */
export const COLOR_SCHEMES = ['auto', 'light', 'dark'] as const;
export type ColorSchemePreference = (typeof COLOR_SCHEMES)[number];

/**
 * The orders the contacts and favorites lists come in: by first name (the default,
 * docs/product/screens.md#contacts-list),
 * by last name, most recently added first, most recently edited first.
 */
export const CONTACT_SORTS = [
  'first_name',
  'last_name',
  'recently_added',
  'recently_edited',
] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];
