import { i18nKey } from '../lib/i18n';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../lib/notify';
import { useTranslation } from 'react-i18next';

/**
 * A contact that fails to load: full screen 'Something went wrong', the message, Refresh Page
 * (docs/product/messages.md#error-catalogue). With `onRetry` (a list that failed to load) the
 * button is 'Try again'
 * and loads it again without reloading the page.
 */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" ta="center" role="alert">
        <IconAlertTriangle size={48} stroke={1.4} color="var(--mantine-color-red-7)" aria-hidden />
        <Title order={1} fz="h2">
          {t('Something went wrong')}
        </Title>
        <Text c="dimmed">
          {errorMessage(error, i18nKey('An unexpected error occurred. Please try again later.'))}
        </Text>
        {onRetry ? (
          <Button onClick={onRetry}>{t('Try again')}</Button>
        ) : (
          <Button onClick={() => window.location.reload()}>{t('Refresh Page')}</Button>
        )}
      </Stack>
    </Center>
  );
}
