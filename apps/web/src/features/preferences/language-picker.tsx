import { INTERFACE_LOCALES, type InterfaceLocale } from '@kith/validators';
import { Select } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../auth/api/session';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { usePreferences } from './use-preferences';

/** The language picker of the public pages' footer. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const session = useSessionUser();
  const { locale, setLocale } = usePreferences(session);
  return (
    <Select
      aria-label={t('Language')}
      leftSection={<IconLanguage size={16} aria-hidden />}
      data={INTERFACE_LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
      value={locale}
      onChange={(value) => value && setLocale(value as InterfaceLocale)}
      allowDeselect={false}
      w={150}
      size="xs"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
