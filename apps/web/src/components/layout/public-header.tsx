import { Button, Container, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Logo } from '../logo';
import classes from './public-layout.module.css';

/** Sticky header of the public pages: logo home, page links on wide screens, Login and Sign Up. */
export function PublicHeader() {
  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link to="/" aria-label="Kith home" style={{ textDecoration: 'none', color: 'inherit' }}>
            <Logo />
          </Link>
          <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main">
            <Link to="/help" className={classes.navLink}>
              Help Center
            </Link>
            <Link to="/privacy" className={classes.navLink}>
              Privacy
            </Link>
            <Link to="/contact" className={classes.navLink}>
              Contact Us
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/login" variant="subtle">
              Login
            </Button>
            <Button component={Link} to="/signup">
              Sign Up
            </Button>
          </Group>
        </Group>
      </Container>
    </header>
  );
}
