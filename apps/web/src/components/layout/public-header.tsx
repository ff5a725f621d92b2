import { Burger, Button, Container, Group, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { Logo } from '../logo';
import classes from './public-layout.module.css';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../lib/i18n';

/** The public pages every visitor may want, in the header (wide) or its menu (narrow). */
const PAGES = [
  { to: '/help', label: i18nKey('Help Center') },
  { to: '/privacy', label: i18nKey('Privacy') },
  { to: '/contact', label: i18nKey('Contact Us') },
] as const;

/**
 * Sticky header of the public pages: logo home, the page links (on narrow screens behind a
 * menu button), Login and Sign Up.
 */
export function PublicHeader() {
  const { t } = useTranslation();
  const [menuOpened, menu] = useDisclosure(false);
  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link
            to="/"
            aria-label={t('Kith home')}
            style={{ textDecoration: 'none', color: 'inherit' }}
          >
            <Logo />
          </Link>
          <Group gap={4} visibleFrom="sm" component="nav" aria-label={t('Main')}>
            {PAGES.map((page) => (
              <Link key={page.to} to={page.to} className={classes.navLink}>
                {t(page.label)}
              </Link>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Menu opened={menuOpened} onChange={menu.toggle} position="bottom-end" withinPortal>
              <Menu.Target>
                <Burger
                  hiddenFrom="sm"
                  size="sm"
                  opened={menuOpened}
                  aria-label={t('More pages')}
                />
              </Menu.Target>
              <Menu.Dropdown>
                {PAGES.map((page) => (
                  <Menu.Item key={page.to} component={Link} to={page.to}>
                    {t(page.label)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button component={Link} to="/login" variant="subtle">
              {t('Login')}
            </Button>
            <Button component={Link} to="/signup">
              {t('Sign Up')}
            </Button>
          </Group>
        </Group>
      </Container>
    </header>
  );
}
