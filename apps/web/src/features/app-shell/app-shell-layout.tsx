import { AppShell, Burger, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { UserMenu } from './user-menu';

/** The sections of the sidebar and drawer (SPEC §2 "App shell"). */
const sections = [{ to: '/', label: 'Contacts', icon: IconUsers }] as const;

/**
 * The signed-in frame (SPEC §2 "App shell"): top bar with the logo and the avatar menu, a
 * sidebar on large screens that becomes a slide-in drawer on small ones.
 */
export function AppShellLayout({ children }: { children: ReactNode }) {
  const [drawerOpened, drawer] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // The drawer closes once the person has picked where to go.
  useEffect(() => drawer.close(), [pathname, drawer]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !drawerOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Link
              to="/"
              aria-label="Kith home"
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              <Logo />
            </Link>
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Sections">
        <ScrollArea>
          {sections.map((section) => (
            <NavLink
              key={section.to}
              component={Link}
              to={section.to}
              label={section.label}
              leftSection={<section.icon size={18} stroke={1.6} />}
              active={pathname === section.to}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
