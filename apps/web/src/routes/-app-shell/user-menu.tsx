import { COLOR_SCHEMES, INTERFACE_LOCALES, type ColorSchemePreference } from '@kith/validators';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconDeviceMobile,
  IconKeyboard,
  IconLanguage,
  IconLogout,
  IconMessage,
  IconMoon,
  IconUser,
} from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session';
import { InitialsAvatar } from '../../components/initials-avatar';
import { i18nKey, LANGUAGE_NAMES } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { FeedbackDialog } from './feedback-dialog';
import { SignOutDialog } from './sign-out-dialog';

const SCHEME_LABELS: Record<ColorSchemePreference, string> = {
  auto: i18nKey('Use device setting'),
  light: i18nKey('Light'),
  dark: i18nKey('Dark'),
};

/**
 * An email that wraps after its `@` and before its dots, never inside a word (
 * "ada.lovelace@analytical-engi / nes.example").
 */
function breakableEmail(email: string): ReactNode {
  return email.split(/(?=\.)|(?<=@)/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * The avatar menu (docs/product/screens.md#app-shell): Profile, Sync with your phone, Feedback and
 * Sign Out under the signed-in person's name and photo (or initials drawn locally), plus Language
 * and Appearance, which apply at once and are saved with the account; Keyboard shortcuts calls
 * `onShowShortcuts` (docs/product/screens.md#keyboard), for those who do not know `?`.
 */
export function UserMenu({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  const { t } = useTranslation();
  const session = useSessionUser();
  const [feedbackOpened, feedback] = useDisclosure(false);
  const [signOutOpened, signOut] = useDisclosure(false);
  const { locale, setLocale, colorScheme, setColorScheme } = usePreferences(session);
  const name = session?.name ?? '';

  return (
    <>
      <Menu position="bottom-end" width={230} withinPortal>
        <Menu.Target>
          {/* Named by its content (WCAG 2.5.3): the visible name, said on phones too. */}
          <UnstyledButton>
            <Group gap="xs" wrap="nowrap">
              {session?.avatarUrl ? (
                <Avatar src={session.avatarUrl} size={36} radius="xl" alt="" />
              ) : (
                <InitialsAvatar name={name} size={36} decorative />
              )}
              <Text component="span" fw={600} size="sm" visibleFrom="sm" maw={160} truncate>
                {name}
              </Text>
              <VisuallyHidden component="span" hiddenFrom="sm">
                {name}
              </VisuallyHidden>
              <VisuallyHidden component="span">{t(', account menu')}</VisuallyHidden>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label style={{ overflowWrap: 'break-word' }}>
            {breakableEmail(session?.email ?? '')}
          </Menu.Label>
          <Menu.Item component={Link} to="/me" leftSection={<IconUser size={16} />}>
            {t('Profile')}
          </Menu.Item>
          <Menu.Item component={Link} to="/sync" leftSection={<IconDeviceMobile size={16} />}>
            {t('Sync with your phone')}
          </Menu.Item>
          <Menu.Item leftSection={<IconMessage size={16} />} onClick={feedback.open}>
            {t('Feedback')}
          </Menu.Item>
          <Menu.Item leftSection={<IconKeyboard size={16} />} onClick={onShowShortcuts}>
            {t('Keyboard shortcuts')}
          </Menu.Item>
          <Menu.Sub>
            <Menu.Sub.Target>
              <Menu.Sub.Item leftSection={<IconLanguage size={16} />}>
                {t('Language')}: {LANGUAGE_NAMES[locale]}
              </Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              <Menu.RadioGroup
                value={locale}
                onChange={(value) => setLocale(value as typeof locale)}
              >
                {INTERFACE_LOCALES.map((value) => (
                  <Menu.RadioItem key={value} value={value} lang={value}>
                    {LANGUAGE_NAMES[value]}
                  </Menu.RadioItem>
                ))}
              </Menu.RadioGroup>
            </Menu.Sub.Dropdown>
          </Menu.Sub>
          <Menu.Sub>
            <Menu.Sub.Target>
              <Menu.Sub.Item leftSection={<IconMoon size={16} />}>{t('Appearance')}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              <Menu.RadioGroup
                value={colorScheme}
                onChange={(value) => setColorScheme(value as ColorSchemePreference)}
              >
                {COLOR_SCHEMES.map((value) => (
                  <Menu.RadioItem key={value} value={value}>
                    {t(SCHEME_LABELS[value])}
                  </Menu.RadioItem>
                ))}
              </Menu.RadioGroup>
            </Menu.Sub.Dropdown>
          </Menu.Sub>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut.open}>
            {t('Sign Out')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <FeedbackDialog opened={feedbackOpened} onClose={feedback.close} />
      <SignOutDialog opened={signOutOpened} onClose={signOut.close} />
    </>
  );
}
