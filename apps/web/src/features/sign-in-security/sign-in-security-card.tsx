import {
  Badge,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import type { RouterOutputs } from '@kith/api';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStepUp } from '../../components/step-up/use-step-up';
import { errorMessage } from '../../lib/notify';
import { useSecurityOverview } from './api';
import { AuthenticatorSection } from './authenticator-section';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { RecoveryCodesSection } from './recovery-codes-section';

type Overview = RouterOutputs['security']['overview'];

/**
 * What signing in takes, from what the account has (docs/sign-in-security.md): the password and
 * one of its factors, and a passkey can also sign in on its own ("Sign in with a passkey").
 */
function statusText(
  t: TFunction,
  overview: Pick<Overview, 'secondFactorOn' | 'passkeys' | 'totp'>,
): string {
  const passkeys = overview.passkeys.length > 0;
  const app = overview.totp !== null;
  if (!overview.secondFactorOn || (!passkeys && !app))
    return t(
      'Add a passkey or an authenticator app so that your password alone cannot sign anyone in.',
    );
  if (passkeys && app)
    return t(
      'Signing in takes your password and a passkey or a code from your authenticator app. A passkey can also sign you in on its own.',
    );
  if (passkeys && overview.passkeys.length > 1)
    return t(
      'Signing in takes your password and one of your passkeys. A passkey can also sign you in on its own, with no password.',
    );
  if (passkeys)
    return t(
      'Signing in takes your password and your passkey. Your passkey can also sign you in on its own, with no password.',
    );
  return t('Signing in takes your password and a code from your authenticator app.');
}

/**
 * Sign-in security on /me: whether two-step verification is on, the passkeys, the
 * authenticator app and the recovery codes. Changes to a factor ask for a fresh check of the
 * second factor when it is on ("Confirm it's you"), and new recovery codes are shown once.
 */
export function SignInSecurityCard() {
  const { t } = useTranslation();
  const overview = useSecurityOverview();
  const stepUp = useStepUp();
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby="sign-in-security-heading"
    >
      <Title order={2} size="h3" id="sign-in-security-heading" mb="xs">
        {t('Sign-in security')}
      </Title>
      {overview.error ? (
        <Group gap="sm" role="alert">
          <Text size="sm" c="red.8">
            {errorMessage(overview.error)}
          </Text>
          <Button size="xs" variant="default" onClick={() => void overview.refetch()}>
            {t('Try again')}
          </Button>
        </Group>
      ) : !overview.data ? (
        <Center py="md">
          <Loader role="progressbar" size="sm" aria-label={t('Loading')} />
        </Center>
      ) : (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="second-factor-status">
            {overview.data.secondFactorOn ? (
              <IconShieldCheck
                size={24}
                color="var(--mantine-color-teal-8)"
                style={{ flexShrink: 0 }}
                aria-hidden
              />
            ) : (
              <IconShieldOff
                size={24}
                color="var(--mantine-color-gray-7)"
                style={{ flexShrink: 0 }}
                aria-hidden
              />
            )}
            <div>
              <Group gap="xs">
                <Text fw={600}>{t('Two-step verification')}</Text>
                <Badge color={overview.data.secondFactorOn ? 'teal.9' : 'gray.7'} variant="filled">
                  {overview.data.secondFactorOn ? t('On') : t('Off')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {statusText(t, overview.data)}
              </Text>
            </div>
          </Group>
          <Divider />
          <PasskeysSection
            passkeys={overview.data.passkeys}
            run={stepUp.run}
            stepUpOpen={stepUp.opened}
            onRecoveryCodes={setCodes}
          />
          <Divider />
          <AuthenticatorSection
            totp={overview.data.totp}
            run={stepUp.run}
            onRecoveryCodes={setCodes}
          />
          {overview.data.recoveryCodes && (
            <>
              <Divider />
              <RecoveryCodesSection
                recoveryCodes={overview.data.recoveryCodes}
                run={stepUp.run}
                onRecoveryCodes={setCodes}
              />
            </>
          )}
        </Stack>
      )}
      {stepUp.dialog}
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </Paper>
  );
}
