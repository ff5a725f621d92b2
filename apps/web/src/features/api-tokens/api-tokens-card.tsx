import { Button, Center, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { RouterOutputs } from '@kith/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDateTime, formatLongDate } from '../../lib/format';
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';
import { useApiTokens, useRevokeApiToken } from './api';
import { CreateTokenDialog } from './create-token-dialog';
import { Phrases } from './phrases';
import { scopePhrases } from './scopes';

type ApiToken = RouterOutputs['apiTokens']['list'][number];

/**
 * API tokens on /me (docs/api-tokens.md): what they are for, the live tokens (name, first
 * characters, scopes in words, created, expires, last used), "Create token" (shown once), and
 * Revoke after a confirmation.
 */
export function ApiTokensCard() {
  const { t } = useTranslation();
  const list = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useRevokeApiToken({
    onSuccess: () => notifySuccess('API token revoked'),
    onError: (error) => notifyError(error),
    onSettled: () => setRevoking(null),
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="api-tokens-heading">
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Title order={2} size="h3" id="api-tokens-heading">
          {t('API tokens')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setCreating(true)}
        >
          {t('Create token')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t(
          'Scripts and other apps use a token to reach your contacts through Kith’s API, never your password. Each token does only what you allow, and you can revoke it at any time.',
        )}
      </Text>

      {list.error ? (
        <Group gap="sm" role="alert">
          <Text size="sm" c="red.8">
            {errorMessage(list.error)}
          </Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            {t('Try again')}
          </Button>
        </Group>
      ) : !list.data ? (
        <Center py="md">
          <Loader role="progressbar" size="sm" aria-label={t('Loading')} />
        </Center>
      ) : list.data.length === 0 ? (
        <Text size="sm">{t('No API tokens yet.')}</Text>
      ) : (
        <Stack
          gap="md"
          component="ul"
          aria-label={t('API tokens')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {list.data.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </Stack>
      )}

      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('Revoke this token?')}
        text={t(
          'Scripts and apps that use “{{name}}” will be refused from their next request. This cannot be undone.',
          { name: revoking?.name ?? '' },
        )}
        confirmLabel={t('Revoke')}
        busy={revoke.isPending}
        onConfirm={() => revoking && !revoke.isPending && revoke.mutate({ id: revoking.id })}
        onClose={() => setRevoking(null)}
      />
    </Paper>
  );
}

/** One token: its name and first characters, what it may do, and its dates; Revoke. */
function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const { t } = useTranslation();
  const scopes = scopePhrases(token.scopes);
  return (
    <Stack component="li" gap={2} data-testid="api-token-row">
      {/* Revoke beside the name only: the lines below take the card's whole width on a phone. */}
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {token.name}
          </Text>
          <Code>{token.prefix}…</Code>
        </Group>
        <Button
          size="xs"
          variant="default"
          style={{ flexShrink: 0 }}
          onClick={onRevoke}
          aria-label={t('Revoke {{name}}', { name: token.name })}
        >
          {t('Revoke')}
        </Button>
      </Group>
      <Text size="sm">
        <Phrases>{scopes}</Phrases>
      </Text>
      <Text size="xs" c="dimmed">
        <Phrases>
          {[
            t('Created {{date}}', { date: formatLongDate(token.createdAt) }),
            token.expiresAt
              ? t('Expires {{date}}', { date: formatLongDate(token.expiresAt) })
              : t('Never expires'),
            token.lastUsedAt
              ? t('Last used {{date}}', { date: formatDateTime(token.lastUsedAt) })
              : t('Not used yet'),
          ]}
        </Phrases>
      </Text>
    </Stack>
  );
}
