import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Shown for any path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('Page not found')}</Title>
        <Text c="dimmed">{t('The page you asked for does not exist or has moved.')}</Text>
        <Button component={Link} to="/">
          {t('Back to the start')}
        </Button>
      </Stack>
    </Container>
  );
}
