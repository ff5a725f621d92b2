import { Group, Paper, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './offline-banner.module.css';

/**
 * 'Offline' while the browser has no network (`navigator.onLine` and its `online`/`offline`
 * events, through Mantine's useNetwork), gone when it is back
 * (docs/offline.md#the-offline-banner).
 * A status region (role=status, WCAG 2.1 SC 4.1.3 Status Messages) read out politely when it
 * appears. It sits at the bottom (left on a phone, clear of the New contact button; centred
 * on wider screens, clear of the side navigation), away from the header and the toasts (top
 * right); while it shows the page gets room below its end so nothing stays hidden under it.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const { online } = useNetwork();

  useEffect(() => {
    document.body.toggleAttribute('data-offline', !online);
    return () => document.body.removeAttribute('data-offline');
  }, [online]);

  // The live region is always there, so screen readers announce the text when it appears.
  return (
    <div role="status" className={classes.region}>
      {online ? null : (
        <Paper className={classes.banner} shadow="md" radius="xl" px="md" py={8}>
          <Group gap={8} wrap="nowrap">
            <IconWifiOff size={18} aria-hidden className={classes.icon} />
            <Text size="sm" fw={700}>
              {t('Offline')}
            </Text>
            <Text size="sm" className={classes.detail}>
              {t('Showing what you last saw; saving needs a connection.')}
            </Text>
          </Group>
        </Paper>
      )}
    </div>
  );
}
