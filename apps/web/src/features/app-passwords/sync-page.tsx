import { Accordion, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/load-failure';
import { useConnection } from './api';
import { AppPasswordsCard } from './app-passwords-card';
import { clientGuides, type GuideField } from './client-guides';
import { CopyableValue } from './copyable-value';

/** A field of a guide's step: its value to copy, or where the app password comes from. */
function GuideFieldRow({
  field,
  values,
}: {
  field: GuideField;
  values: Record<Exclude<GuideField['value'], 'appPassword'>, string>;
}) {
  const { t } = useTranslation();
  if (field.value === 'appPassword') {
    return (
      <div>
        <Text size="sm" fw={600}>
          {t(field.label)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('The app password you made above')}
        </Text>
      </div>
    );
  }
  return <CopyableValue label={t(field.label)} value={values[field.value]} />;
}

/**
 * /sync, "Sync with your phone" (docs/product/screens.md#sync-with-your-phone): the addresses
 * and user name to type in, app passwords, and steps for iPhone and iPad, Mac, Android
 * (DAVx⁵), Thunderbird and Evolution, each value to type on its own with a copy button.
 */
export function SyncPage() {
  const { t } = useTranslation();
  const connection = useConnection();
  if (connection.error) return <LoadFailure error={connection.error} />;
  if (!connection.data) {
    return (
      <Center py={80}>
        <Loader role="progressbar" aria-label={t('Loading')} />
      </Center>
    );
  }
  const values = {
    server: connection.data.serverUrl,
    davUrl: connection.data.davUrl,
    bookUrl: connection.data.bookUrl,
    username: connection.data.username,
    kith: 'Kith',
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
                  <Stack component="ol" gap="sm" m={0} pl="lg">
                    {guide.steps.map((step) => (
                      <li key={step.text}>
                        <Text>{t(step.text)}</Text>
                        {step.fields && (
                          <Stack gap="xs" mt="xs">
                            {step.fields.map((field) => (
                              <GuideFieldRow key={field.label} field={field} values={values} />
                            ))}
                          </Stack>
                        )}
                      </li>
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
