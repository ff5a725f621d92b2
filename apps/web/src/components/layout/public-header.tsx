import { Button, Container, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Logo } from '../logo';
import classes from './public-layout.module.css';
import { useTranslation } from 'react-i18next';

/** Sticky header of the public pages: logo home, page links on wide screens, Login and Sign Up. */
export function PublicHeader() {
  const { t } = useTranslation();
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
            <Link to="/help" className={classes.navLink}>
              {t('Help Center')}
            </Link>
            <Link to="/privacy" className={classes.navLink}>
              {t('Privacy')}
            </Link>
            <Link to="/contact" className={classes.navLink}>
              {t('Contact Us')}
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
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
