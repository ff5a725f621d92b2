import { Button, Paper, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify';
import { useEnsureSession } from './api';

/** Where the server streams the zip (the API's `DATA_EXPORT_PATH`). */
const DATA_EXPORT_URL = '/api/account/export';

/** "Download my data": one zip of the account, every contact (vCard 4.0 and JSON) and photos. */
export function DataCard() {
  const { t } = useTranslation();
  const ensureSession = useEnsureSession();
  const [starting, setStarting] = useState(false);

  // The download is a plain link; a call first renews an expired session so it never 403s.
  const download = async () => {
    setStarting(true);
    try {
      await ensureSession();
      window.location.assign(DATA_EXPORT_URL);
    } catch (error) {
      notifyError(error);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="data-heading">
      <Title order={2} size="h3" id="data-heading">
        {t('Your data')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t(
          'One zip file with your account, every contact as vCard 4.0 and as JSON, and all photos.',
        )}
      </Text>
      <Button
        leftSection={<IconDownload size={18} />}
        variant="light"
        loading={starting}
        onClick={() => void download()}
      >
        {t('Download my data')}
      </Button>
    </Paper>
  );
}
