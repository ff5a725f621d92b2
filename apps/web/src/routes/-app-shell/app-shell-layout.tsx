import {
  Affix,
  AppShell,
  Badge,
  Box,
  Burger,
  Button,
  Group,
  NavLink,
  ScrollArea,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowMerge,
  IconFileImport,
  IconHeartHandshake,
  IconPlus,
  IconStar,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { SearchBox } from '../../features/search/search-box';
import { UserMenu } from './user-menu';
import { SidebarLabels } from '../../features/labels/sidebar-labels';
import { useTranslation } from 'react-i18next';
import { useKeepInTouchDueCount } from '../../features/keep-in-touch/api';
import { i18nKey } from '../../lib/i18n';
import { MAIN_ID, SkipLink } from '../../components/layout/skip-link';
import { ShortcutsDialog } from '../../features/shortcuts/shortcuts-dialog';
import { useAppShortcuts } from '../../features/shortcuts/use-app-shortcuts';
import { SyncAlertsNotice } from '../../features/history/alerts-notice';

/** The sections of the sidebar and drawer (docs/product/screens.md#app-shell). */
const sections = [
  { to: '/', label: i18nKey('Contacts'), icon: IconUsers },
  { to: '/favorite', label: i18nKey('Favorite'), icon: IconStar },
  { to: '/keep-in-touch', label: i18nKey('Keep in touch'), icon: IconHeartHandshake },
  { to: '/trash', label: i18nKey('Trash'), icon: IconTrash },
  { to: '/merge', label: i18nKey('Merge & fix'), icon: IconArrowMerge },
  { to: '/import', label: i18nKey('Import'), icon: IconFileImport },
] as const;

/**
 * The phone's floating add button hides on the person, new and me routes
 * (docs/product/screens.md#app-shell).
 */
export function showsFloatingAdd(pathname: string): boolean {
  return !/^\/(person|new|me)(\/|$)/.test(pathname);
}

/**
 * The signed-in frame (docs/product/screens.md#app-shell): top bar with the logo and the avatar
 * menu, a sidebar on large screens that becomes a slide-in drawer on small ones. Before them,
 * the skip link; the keyboard shortcuts and their dialog (docs/product/screens.md#keyboard).
 */
export function AppShellLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [drawerOpened, { toggle: toggleDrawer, close: closeDrawer }] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const due = useKeepInTouchDueCount().data ?? 0;
  const [shortcutsOpened, shortcuts] = useDisclosure(false);
  useAppShortcuts({ onHelp: shortcuts.open });

  // The drawer closes once the person has picked where to go.
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !drawerOpened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={toggleDrawer}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpened ? t('Close navigation') : t('Open navigation')}
            />
            <Link
              to="/"
              aria-label={t('Kith home')}
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              <Logo />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flex: 1, justifyContent: 'flex-end' }}>
            <SearchBox />
            <UserMenu onShowShortcuts={shortcuts.open} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('Sections')}>
        <Button
          component={Link}
          to="/new"
          leftSection={<IconPlus size={18} />}
          mb="md"
          radius="xl"
          size="md"
        >
          {t('Create Contact')}
        </Button>
        <ScrollArea>
          {sections.map((section) => (
            <NavLink
              key={section.to}
              component={Link}
              to={section.to}
              label={t(section.label)}
              leftSection={<section.icon size={18} stroke={1.6} />}
              rightSection={
                section.to === '/keep-in-touch' && due > 0 ? (
                  <Badge size="sm" circle aria-label={t('{{count}} due', { count: due })}>
                    {due}
                  </Badge>
                ) : undefined
              }
              active={pathname === section.to}
            />
          ))}
          <SidebarLabels pathname={pathname} />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID}>
        <SyncAlertsNotice />
        {children}
        {/* Room to scroll a page's last buttons (Import, Save) clear of the floating add. */}
        {showsFloatingAdd(pathname) && <Box h={88} hiddenFrom="sm" aria-hidden />}
      </AppShell.Main>
      {showsFloatingAdd(pathname) && (
        <Affix position={{ bottom: 24, right: 20 }} hiddenFrom="sm">
          <Button
            component={Link}
            to="/new"
            radius="xl"
            size="lg"
            px="md"
            aria-label={t('Add contact')}
            style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
          >
            <IconPlus size={24} />
          </Button>
        </Affix>
      )}
      <ShortcutsDialog opened={shortcutsOpened} onClose={shortcuts.close} />
    </AppShell>
  );
}
