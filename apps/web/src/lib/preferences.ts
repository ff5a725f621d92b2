import type { ColorSchemePreference, InterfaceLocale } from '@kith/validators';
import { useMantineColorScheme } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, i18n } from './i18n';
import { notifyError } from './notify';
import { trpc } from './trpc';
import { patchSession, type SessionUser } from './session';

/**
 * Saves the account's preferences (`{ locale?, colorScheme?, contactSort? }`); answers the
 * profile. Callers decide what a failure undoes.
 */
export function useSavePreferences(
  options: Parameters<typeof trpc.account.updatePreferences.useMutation>[0] = {},
) {
  return trpc.account.updatePreferences.useMutation(options);
}

/**
 * The interface language and colour scheme: applied at once in this browser (kept in
 * localStorage) and, when someone is signed in, saved with the account so every device
 * they sign in on follows (issue: "remembered for the account").
 */
export function usePreferences(user: SessionUser | null) {
  const queryClient = useQueryClient();
  // The choice applies here at once; if saving it fails, the person is told.
  const save = useSavePreferences({
    onSuccess: (profile) =>
      patchSession(queryClient, { locale: profile.locale, colorScheme: profile.colorScheme }),
    onError: (error) => notifyError(error),
  });
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  useTranslation(); // re-render on language change

  const setLocale = useCallback(
    (locale: InterfaceLocale) => {
      void i18n.changeLanguage(locale);
      if (user) save.mutate({ locale });
    },
    [user, save],
  );
  const setScheme = useCallback(
    (scheme: ColorSchemePreference) => {
      setColorScheme(scheme);
      if (user) save.mutate({ colorScheme: scheme });
    },
    [user, save, setColorScheme],
  );
  return { locale: currentLocale(), setLocale, colorScheme, setColorScheme: setScheme };
}

/** On sign-in, the account's saved language and colour scheme win over this browser's. */
export function useAccountPreferences(user: SessionUser | null) {
  const { setColorScheme } = useMantineColorScheme();
  const locale = user?.locale;
  const scheme = user?.colorScheme;
  useEffect(() => {
    if (locale && locale !== currentLocale()) void i18n.changeLanguage(locale);
  }, [locale]);
  useEffect(() => {
    if (scheme) setColorScheme(scheme);
  }, [scheme, setColorScheme]);
}

/** Where this browser keeps the "Compact rows" choice (a look, not an account setting). */
export const COMPACT_ROWS_KEY = 'kith.compactRows';

/**
 * The "Compact rows" choice of the contacts lists (docs/product/screens.md#compact-rows):
 * `[compact, setCompact]`, false by default. Kept in this browser's localStorage, since how
 * dense a list should be depends on the screen, and shared at once by every list on the page.
 */
export function useCompactRows(): [boolean, (compact: boolean) => void] {
  const [compact, setCompact] = useLocalStorage<boolean>({
    key: COMPACT_ROWS_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  return [compact, setCompact];
}
