import {
  Accordion,
  Center,
  Code,
  Container,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/load-failure';
import { useConnection } from './api';
import { AppPasswordsCard } from './app-passwords-card';
import { clientGuides } from './client-guides';

/** A value to type into a device, with a button that copies it. */
function CopyableValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <UnstyledButton onClick={copy} aria-label={t('Copy {{label}}', { label })}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </UnstyledButton>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

/**
 * /sync, "Sync with your phone": the addresses and user name to type in, app
 * passwords, and steps for iPhone and iPad, Mac, Android (DAVx⁵), Thunderbird and Evolution.
 */
export function SyncPage() {
  const { t } = useTranslation();
  const connection = useConnection();
  if (connection.error) return <LoadFailure error={connection.error} />;
  if (!connection.data) {
    return (
      <Center py={80}>
        <Loader aria-label={t('Loading')} />
      </Center>
    );
  }
  const values = {
    server: connection.data.serverUrl,
    davUrl: connection.data.davUrl,
    bookUrl: connection.data.bookUrl,
    username: connection.data.username,
  };
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('Sync with your phone')}</Title>
          <Text c="dimmed">
            {t(
              'Kith syncs with the address book of your phone and computer (CardDAV). Add or change a contact on either side and it shows on the other; a contact deleted on a phone waits in Kith’s Trash for 30 days.',
            )}
          </Text>
        </div>
        <Paper
          withBorder
          p="lg"
          radius="md"
          component="section"
          aria-labelledby="connection-heading"
        >
          <Title order={2} size="h3" id="connection-heading" mb="sm">
            {t('What to type in')}
          </Title>
          <Stack gap="sm">
            <CopyableValue label={t('Server')} value={values.server} />
            <CopyableValue label={t('CardDAV address')} value={values.davUrl} />
            <CopyableValue label={t('User name')} value={values.username} />
            <Text size="sm" c="dimmed">
              {t('Password: an app password from below.')}
            </Text>
          </Stack>
        </Paper>
        <AppPasswordsCard />
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="guides-heading">
          <Title order={2} size="h3" id="guides-heading" mb="sm">
            {t('Step by step')}
          </Title>
          <Accordion variant="separated">
            {clientGuides.map((guide) => (
              <Accordion.Item key={guide.id} value={guide.id}>
                <Accordion.Control>{t(guide.name)}</Accordion.Control>
                <Accordion.Panel>
                  {/* Long addresses and emails break anywhere rather than widen the page. */}
                  <Stack component="ol" gap="xs" m={0} pl="lg">
                    {guide.steps.map((step) => (
                      <Text component="li" key={step} style={{ overflowWrap: 'anywhere' }}>
                        {t(step, values)}
                      </Text>
                    ))}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Paper>
      </Stack>
    </Container>
  );
}
