import { Button, Code, CopyButton, Group, Image, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { RouterOutputs } from '@kith/api';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { AUTHENTICATOR_CODE_LENGTH, SixDigitCode } from '../../components/six-digit-code';
import { isStepUpCancelled } from '../../components/step-up/use-step-up';
import { formatLongDate } from '../../lib/format';
import { errorMessage, fieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import { useFocusReturn } from '../../lib/use-focus-return';
import { useTotpDisable, useTotpEnable, useTotpSetup } from './api';
import classes from './sign-in-security.module.css';
import type { RunWithStepUp } from './step-up-run';

type Totp = RouterOutputs['security']['overview']['totp'];
type TotpSetup = RouterOutputs['security']['totpSetup'];

/** A base32 secret in groups of four, as people copy it by hand: "JBSW Y3DP EHPK 3PXP". */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * The authenticator app (TOTP, RFC 6238): on since when, with "Turn off"; or "Set up", which
 * shows the QR code and the secret and turns it on with a code the app shows.
 */
export function AuthenticatorSection({
  totp,
  run,
  onRecoveryCodes,
}: {
  totp: Totp;
  run: RunWithStepUp;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const start = useTotpSetup();
  const disable = useTotpDisable();

  const begin = async () => {
    try {
      setSetup(await run(() => start.mutateAsync()));
    } catch (error) {
      if (!isStepUpCancelled(error)) notifyError(error);
    }
  };

  const turnOff = async () => {
    setTurningOff(false);
    try {
      await run(() => disable.mutateAsync());
      notifySuccess('Authenticator app turned off');
    } catch (error) {
      if (!isStepUpCancelled(error)) notifyError(error);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="authenticator-heading">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4" id="authenticator-heading">
          {t('Authenticator app')}
        </Title>
        {totp ? (
          <Button
            size="xs"
            variant="default"
            loading={disable.isPending}
            onClick={() => setTurningOff(true)}
          >
            {t('Turn off')}
          </Button>
        ) : (
          <Button size="xs" variant="light" loading={start.isPending} onClick={() => void begin()}>
            {t('Set up')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {totp
          ? t('On since {{date}}. Kith asks for a code from the app when you sign in.', {
              date: formatLongDate(totp.enabledAt),
            })
          : t('Use a 6-digit code from an app such as Google Authenticator, 1Password or Aegis.')}
      </Text>
      <TotpSetupDialog
        setup={setup}
        onClose={() => setSetup(null)}
        onRecoveryCodes={onRecoveryCodes}
      />
      <ConfirmDialog
        opened={turningOff}
        title={t('Turn off the authenticator app?')}
        text={t(
          'Kith will no longer ask for its codes. If it is your only second factor, two-step verification turns off.',
        )}
        confirmLabel={t('Turn off')}
        onConfirm={() => void turnOff()}
        onClose={() => setTurningOff(false)}
        busy={disable.isPending}
      />
    </Stack>
  );
}

/** Set up: scan the QR code (or type the secret), then enter a code the app shows. */
function TotpSetupDialog({
  setup,
  onClose,
  onRecoveryCodes,
}: {
  setup: TotpSetup | null;
  onClose: () => void;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  useFocusReturn(setup !== null);
  return (
    <Modal
      opened={setup !== null}
      onClose={onClose}
      title={t('Set up an authenticator app')}
      centered
      // Wide enough for the key's eight groups and Copy on one line.
      size="lg"
      returnFocus
    >
      {setup && <TotpSetupForm setup={setup} onDone={onClose} onRecoveryCodes={onRecoveryCodes} />}
    </Modal>
  );
}

function TotpSetupForm({
  setup,
  onDone,
  onRecoveryCodes,
}: {
  setup: TotpSetup;
  onDone: () => void;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enable = useTotpEnable();
  const grouped = groupSecret(setup.secret);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== AUTHENTICATOR_CODE_LENGTH) {
      setError(t('Enter all {{length}} digits of the code', { length: AUTHENTICATOR_CODE_LENGTH }));
      return;
    }
    if (enable.isPending) return;
    enable.mutate(
      { code },
      {
        onSuccess: ({ recoveryCodes }) => {
          notifySuccess('Authenticator app turned on');
          onDone();
          if (recoveryCodes) onRecoveryCodes(recoveryCodes);
        },
        onError: (failure) => {
          setCode('');
          setError(fieldErrors(failure).code ?? errorMessage(failure));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('1. Scan this QR code with your authenticator app.')}</Text>
        {/* 200 px of code inside 16 px of white: its quiet zone (the module's CSS). */}
        <Image
          src={setup.qrCode}
          alt={t('QR code to add Kith to your authenticator app')}
          w={232}
          h={232}
          mx="auto"
          className={classes.qrCode}
        />
        <Text size="sm">{t('Or type this key into the app:')}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code fz="md" data-testid="totp-secret" className={classes.secret}>
            {grouped}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="default"
                style={{ flexShrink: 0 }}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
                aria-label={copied ? t('Copied') : t('Copy the key')}
              >
                {copied ? t('Copied') : t('Copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <SixDigitCode
          label={t('2. Enter the 6-digit code the app shows')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={enable.isPending}>
            {t('Turn on')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
