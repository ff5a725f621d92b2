import { Anchor, Box, Center, Container, Paper, Stack, Text } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import { Logo } from '../../../components/logo';
import { LanguagePicker } from '../../../components/language-picker';
import { MAIN_ID, SkipLink } from '../../../components/layout/skip-link';
import { useTranslation } from 'react-i18next';

/**
 * The frame of the sign-in, sign-up, verification and recovery screens; the skip link first
 * (docs/product/screens.md#keyboard).
 */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Box
      mih="100dvh"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      py={{ base: 24, sm: 56 }}
    >
      <SkipLink />
      <Container size={440} px="md">
        <Stack gap="lg">
          <Center>
            <Link
              to="/"
              aria-label={t('Kith home')}
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              <Logo size={32} />
            </Link>
          </Center>
          <Paper
            withBorder
            shadow="sm"
            radius="lg"
            p={{ base: 'lg', sm: 'xl' }}
            component="main"
            id={MAIN_ID}
          >
            <Outlet />
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            <Anchor component={Link} to="/privacy" size="xs" underline="always">
              {t('Privacy')}
            </Anchor>
            {' · '}
            <Anchor component={Link} to="/terms" size="xs" underline="always">
              {t('Terms')}
            </Anchor>
            {' · '}
            <Anchor component={Link} to="/help" size="xs" underline="always">
              {t('Help')}
            </Anchor>
          </Text>
          <Center>
            <LanguagePicker />
          </Center>
        </Stack>
      </Container>
    </Box>
  );
}
