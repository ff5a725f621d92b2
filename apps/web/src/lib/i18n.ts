import { INTERFACE_LOCALES, type InterfaceLocale } from '@kith/validators';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

/**
 * The message catalogue (i18next). Keys are the English text itself, so English shows the product's
 * exact strings (docs/product/) and a message from the server or a shared validator finds its
 * translation by its text. `en.json` gives plural forms (its other values are empty, so the key
 * shows); each catalogue loads on demand, so English pages carry no Spanish.
 */

/** Where the chosen language is kept in the browser (signed out, or before the session). */
export const LOCALE_STORAGE_KEY = 'kith-locale';

/** Each language's name in itself, for the picker. */
export const LANGUAGE_NAMES: Record<InterfaceLocale, string> = { en: 'English', es: 'Español' };

/** Marks a string for the catalogue where it is defined, to be translated where shown. */
export const i18nKey = (text: string): string => text;

// Registered before init, so the first language (detected or saved) sets <html lang> too.
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** Resolves once the catalogue of the detected language has loaded. */
export const i18nReady = i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .use(resourcesToBackend((language: string) => import(`../locales/${language}.json`)))
  .init({
    fallbackLng: 'en',
    supportedLngs: [...INTERFACE_LOCALES],
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LOCALE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    react: { useSuspense: false },
  });

/** The interface language now in use. */
export function currentLocale(): InterfaceLocale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (INTERFACE_LOCALES as readonly string[]).includes(language)
    ? (language as InterfaceLocale)
    : 'en';
}

export { i18n };

/** A document title: the page's name, translated, then the product's. */
export function pageTitle(name: string): string {
  return `${i18n.t(name)} · Kith`;
}

/** Form errors (catalogue keys from shared validators) in the interface language. */
export function translateErrors<E extends Record<string, unknown>>(errors: E): E {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      typeof message === 'string' ? i18n.t(message) : message,
    ]),
  ) as E;
}
