import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconDeviceMobile, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '@kith/api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDateTime } from '../../lib/format';
import { fieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import { useAppPasswords, useCreateAppPassword, useRevokeAppPassword } from './api';
import classes from './app-passwords-card.module.css';

type AppPassword = RouterOutputs['appPasswords']['list'][number];
type Created = RouterOutputs['appPasswords']['create'];

/** Where the one-tap Apple profile is posted (the API's `APPLE_PROFILE_PATH`). */
const APPLE_PROFILE_URL = '/api/app-passwords/apple-profile';

/**
 * App passwords: create one per device (shown once, with a one-tap profile for
 * iPhone, iPad and Mac), see when and where each was last used, revoke one at a time.
 */
export function AppPasswordsCard() {
  const { t } = useTranslation();
  const list = useAppPasswords();
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<AppPassword | null>(null);
  const form = useForm({ initialValues: { name: '' } });
  const create = useCreateAppPassword({
    onSuccess: (result) => {
      setCreated(result);
      form.reset();
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      if (fields.name) form.setFieldError('name', fields.name);
      else notifyError(error);
    },
  });
  const revoke = useRevokeAppPassword({
    onSuccess: () => {
      setRevoking(null);
      notifySuccess('App password revoked');
    },
    onError: (error) => notifyError(error),
  });

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby="app-passwords-heading"
    >
      <Title order={2} size="h3" id="app-passwords-heading">
        {t('App passwords')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t(
          'Your phone signs in with your email and an app password, never your Kith password. Make one for each device, so you can turn one off without touching the others.',
        )}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        {t(
          'Changing or resetting your Kith password signs every phone and computer out: each then needs a new app password.',
        )}
      </Text>

      {created ? (
        <Alert
          color="green"
          variant="light"
          // The title in the text colour: Alert's green on its tint is below AA contrast.
          title={
            <Text component="span" fw={700} size="sm" c="var(--mantine-color-text)">
              {t('App password for {{name}}', { name: created.name })}
            </Text>
          }
          mb="md"
          icon={<IconKey size={20} />}
          // Its body may shrink below its buttons' width, so they wrap on a phone.
          styles={{ body: { minWidth: 0 } }}
        >
          <Stack gap="sm">
            <Group gap="xs" wrap="wrap" className={classes.clearOfFloatingAddInAlert}>
              <Code
                fz={{ base: 'md', sm: 'lg' }}
                data-testid="new-app-password"
                className={classes.password}
              >
                {created.password}
              </Code>
              <CopyButton value={created.password}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    onClick={copy}
                  >
                    {copied ? t('Copied') : t('Copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm">
              {t(
                'Type it into your device now: it is shown only this once. Capitals and dashes do not matter.',
              )}
            </Text>
            <Text size="sm" c="dimmed">
              {t(
                'Your iPhone, iPad or Mac shows the profile as Not Signed or Not Verified: that is expected, Kith does not sign its profiles.',
              )}
            </Text>
            <form method="post" action={APPLE_PROFILE_URL}>
              <input type="hidden" name="password" value={created.password} />
              <input type="hidden" name="deviceName" value={created.name} />
              <Group gap="xs" wrap="wrap">
                <Button
                  type="submit"
                  size="xs"
                  h="auto"
                  py={6}
                  leftSection={<IconDeviceMobile size={14} />}
                  styles={{ label: { whiteSpace: 'normal' } }}
                >
                  {t('Install on this iPhone, iPad or Mac')}
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setCreated(null)}>
                  {t('Done')}
                </Button>
              </Group>
            </form>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit((values) => create.mutate(values))} noValidate>
          <Group
            align="flex-end"
            gap="sm"
            wrap="wrap"
            mb="md"
            className={classes.clearOfFloatingAdd}
          >
            <TextInput
              label={t('Device name')}
              placeholder={t('e.g. Ana’s iPhone')}
              maxLength={100}
              style={{ flex: '1 1 14rem' }}
              {...form.getInputProps('name')}
            />
            <Button type="submit" loading={create.isPending}>
              {t('Create app password')}
            </Button>
          </Group>
        </form>
      )}

      {list.data && list.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('No app passwords yet.')}
        </Text>
      )}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {(list.data ?? []).map((item) => (
          <Group
            key={item.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            data-testid="app-password-row"
          >
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {item.lastUsedAt
                  ? t('Last used {{date}}', { date: formatDateTime(item.lastUsedAt) }) +
                    (item.lastUsedIp ? ` · ${item.lastUsedIp}` : '') +
                    (item.lastUsedUserAgent ? ` · ${item.lastUsedUserAgent}` : '')
                  : t('Created {{date}}, not used yet', { date: formatDateTime(item.createdAt) })}
              </Text>
            </div>
            <Button
              size="xs"
              variant="default"
              style={{ flexShrink: 0 }}
              onClick={() => setRevoking(item)}
            >
              {t('Revoke')}
            </Button>
          </Group>
        ))}
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title={t('Revoke app password?')}
        text={t('{{name}} will stop syncing until you give it a new app password.', {
          name: revoking?.name ?? '',
        })}
        confirmLabel={t('Revoke')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}
