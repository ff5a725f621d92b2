import { INTERFACE_LOCALES, type InterfaceLocale } from '@kith/validators';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../lib/session';
import { LANGUAGE_NAMES } from '../lib/i18n';
import { usePreferences } from '../lib/preferences';

/** The language picker of the public pages' footer. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const session = useSessionUser();
  const { locale, setLocale } = usePreferences(session);
  return (
    // A native select: light to load on the public pages, and the phone's own picker.
    <NativeSelect
      aria-label={t('Language')}
      leftSection={<IconLanguage size={16} aria-hidden />}
      data={INTERFACE_LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
      value={locale}
      onChange={(event) => setLocale(event.currentTarget.value as InterfaceLocale)}
      w={150}
      size="xs"
    />
  );
}
