import {
  ActionIcon,
  Anchor,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBrandGithub, IconBrandMastodon, IconRss } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { Logo } from '../logo';
import { LanguagePicker } from '../language-picker';
import classes from './public-layout.module.css';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../lib/i18n';

const links = [
  { to: '/help', label: i18nKey('Help Center') },
  { to: '/privacy', label: i18nKey('Privacy Policy') },
  { to: '/terms', label: i18nKey('Terms of Service') },
  { to: '/contact', label: i18nKey('Contact Us') },
] as const;

/**
 * Social profiles are not set up yet: they point nowhere (docs/product/screens.md#public-routes),
 * so the buttons say so.
 */
const socials = [
  { label: i18nKey('Kith on Mastodon (coming soon)'), icon: IconBrandMastodon },
  { label: i18nKey('Kith on GitHub (coming soon)'), icon: IconBrandGithub },
  { label: i18nKey('Kith blog feed (coming soon)'), icon: IconRss },
];

/**
 * Footer of the public pages (docs/product/screens.md#public-routes): the page links, a newsletter
 * box whose Subscribe button does nothing yet, and social links that point nowhere.
 */
export function PublicFooter() {
  const { t } = useTranslation();
  // The newsletter is not wired to anything; nothing is sent anywhere.
  const ignoreSubscribe = (event: FormEvent) => event.preventDefault();

  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Logo size={24} />
            <Text size="sm" c="dimmed" maw={280}>
              {t('A free, ad-free, privacy-first address book. Your contacts are yours.')}
            </Text>
          </Stack>
          <Stack gap={6} component="nav" aria-label={t('Footer')}>
            <Title order={2} fz="sm" tt="uppercase">
              {t('Kith')}
            </Title>
            {links.map((link) => (
              <Link key={link.to} to={link.to} className={classes.footerLink}>
                {t(link.label)}
              </Link>
            ))}
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="sm" tt="uppercase">
              {t('Newsletter')}
            </Title>
            <form onSubmit={ignoreSubscribe}>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  type="email"
                  label={t('Email for our newsletter')}
                  placeholder={t('you@example.com')}
                  style={{ flex: 1 }}
                />
                <Button type="submit">{t('Subscribe')}</Button>
              </Group>
            </form>
            <Group gap={4}>
              {socials.map(({ label, icon: Icon }) => (
                <ActionIcon
                  key={label}
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t(label)}
                >
                  <Icon size={20} stroke={1.6} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" align="center" mt="xl" gap="sm">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Kith. {t('Made for people, not advertisers.')}{' '}
            <Anchor component={Link} to="/privacy" size="xs" underline="always">
              {t('Privacy')}
            </Anchor>
          </Text>
          <LanguagePicker />
        </Group>
      </Container>
    </footer>
  );
}
