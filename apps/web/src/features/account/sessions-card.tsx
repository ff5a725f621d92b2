import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import Bowser from 'bowser';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import type { RouterOutputs } from '@kith/api';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './api';

type Session = RouterOutputs['account']['sessions'][number];

/** "Firefox on Linux", from the User-Agent the session last sent. */
function describeDevice(userAgent: string | null, unknown: string) {
  if (!userAgent) return { label: unknown, mobile: false };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  const label = [browser, os].filter(Boolean).join(' · ') || unknown;
  return { label, mobile: parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet' };
}

/** Signed-in sessions (device, last seen), with sign-out of one or of all the others. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession({
    onSuccess: () => {
      notifySuccess('Session signed out');
    },
    onError: (error) => notifyError(error),
  });
  const revokeOthers = useRevokeOtherSessions({
    onSuccess: ({ ended }) => {
      notifySuccess('{{count}} other sessions were signed out.', { count: ended });
    },
    onError: (error) => notifyError(error),
  });
  const others = (sessions.data ?? []).filter((s) => !s.current);

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="sessions-heading">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h3" id="sessions-heading">
          {t('Where you are signed in')}
        </Title>
        {others.length > 0 && (
          <Button
            variant="light"
            color="red"
            loading={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate()}
          >
            {t('Sign out all other sessions')}
          </Button>
        )}
      </Group>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {(sessions.data ?? []).map((session: Session) => {
          const device = describeDevice(session.userAgent, t('Unknown device'));
          const Icon = device.mobile ? IconDeviceMobile : IconDeviceDesktop;
          return (
            <Group
              key={session.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-testid="session-row"
            >
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Icon size={24} stroke={1.5} aria-hidden />
                <div style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {device.label}
                    </Text>
                    {session.current && (
                      <Badge size="sm" variant="light">
                        {t('This device')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('Last seen {{date}}', { date: formatDateTime(session.lastSeenAt) })}
                    {session.ipAddress ? ` · ${session.ipAddress}` : ''}
                  </Text>
                </div>
              </Group>
              {!session.current && (
                <Button
                  size="xs"
                  variant="default"
                  loading={revoke.isPending && revoke.variables?.sessionId === session.id}
                  onClick={() => revoke.mutate({ sessionId: session.id })}
                >
                  {t('Sign out')}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
