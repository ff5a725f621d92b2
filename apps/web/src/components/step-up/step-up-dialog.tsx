import { Button, Center, Divider, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeyPromptFailure } from '../../lib/passkey-prompt';
import { errorMessage, fieldErrors } from '../../lib/notify';
import {
  useConfirmSecondFactor,
  useSecurityOverview,
  type StepUpProof,
} from '../../lib/second-factor-api';
import { useFocusReturn } from '../../lib/use-focus-return';
import { AUTHENTICATOR_CODE_LENGTH, SixDigitCode } from '../six-digit-code';

/**
 * "Confirm it's you": a fresh check of the second factor before a change that needs one (the
 * server's step-up, 5 minutes). It offers what the account has: its passkeys, its
 * authenticator app's code, or a recovery code. `onConfirmed` runs once the server accepted the
 * check; closing the dialog any other way calls `onClose`.
 */
export function StepUpDialog({
  opened,
  onConfirmed,
  onClose,
}: {
  opened: boolean;
  onConfirmed: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useFocusReturn(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t('Confirm it’s you')} centered returnFocus>
      {opened && <StepUpMethods onConfirmed={onConfirmed} />}
    </Modal>
  );
}

/** The dialog's body, mounted while it is open, so each opening starts afresh. */
function StepUpMethods({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation();
  const overview = useSecurityOverview();
  const confirm = useConfirmSecondFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<{ on: 'passkey' | 'code'; text: string } | null>(null);
  const codeError = error?.on === 'code' ? error.text : null;
  const [busy, setBusy] = useState<'passkey' | 'code' | null>(null);

  if (overview.error) {
    return (
      <Text c="red.8" role="alert">
        {errorMessage(overview.error)}
      </Text>
    );
  }
  if (!overview.data) {
    return (
      <Center py="lg">
        <Loader role="progressbar" aria-label={t('Loading')} />
      </Center>
    );
  }
  const hasPasskey = overview.data.passkeys.length > 0;
  const hasTotp = overview.data.totp !== null;
  const hasRecovery = (overview.data.recoveryCodes?.left ?? 0) > 0;
  const showRecovery = hasRecovery && (useRecovery || (!hasPasskey && !hasTotp));

  const submit = async (proof: StepUpProof, kind: 'passkey' | 'code') => {
    if (busy) return;
    setBusy(kind);
    setError(null);
    try {
      await confirm(proof);
      onConfirmed();
    } catch (failure) {
      const prompt = passkeyPromptFailure(failure);
      if (prompt === 'cancelled') {
        setError({
          on: kind,
          text: t('The passkey request was closed. Try again when you are ready.'),
        });
      } else {
        const field = Object.values(fieldErrors(failure))[0];
        setError({ on: kind, text: field ?? errorMessage(failure) });
      }
      if (kind === 'code') setCode('');
    } finally {
      setBusy(null);
    }
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (showRecovery) {
      const value = recoveryCode.trim();
      if (!value) {
        setError({ on: 'code', text: t('Enter one of your recovery codes') });
        return;
      }
      void submit({ recoveryCode: value }, 'code');
      return;
    }
    if (code.length !== AUTHENTICATOR_CODE_LENGTH) {
      setError({
        on: 'code',
        text: t('Enter all {{length}} digits of the code', { length: AUTHENTICATOR_CODE_LENGTH }),
      });
      return;
    }
    void submit({ totp: code }, 'code');
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {t('This change needs your second factor. Confirm it is you to go on.')}
      </Text>
      {hasPasskey && !showRecovery && (
        <Button
          leftSection={<IconFingerprint size={18} aria-hidden />}
          loading={busy === 'passkey'}
          onClick={() => void submit({ passkey: true }, 'passkey')}
          data-autofocus
        >
          {t('Use a passkey')}
        </Button>
      )}
      {error?.on === 'passkey' && (
        <Text c="red.8" size="sm" role="alert">
          {error.text}
        </Text>
      )}
      {hasPasskey && hasTotp && !showRecovery && <Divider label={t('or')} labelPosition="center" />}
      {(hasTotp || showRecovery) && (
        <form onSubmit={submitCode} noValidate>
          <Stack gap="sm">
            {showRecovery ? (
              <TextInput
                label={t('Recovery code')}
                description={t(
                  'One of the codes you saved when you turned on two-step verification.',
                )}
                autoComplete="off"
                spellCheck={false}
                value={recoveryCode}
                onChange={(event) => {
                  setRecoveryCode(event.currentTarget.value);
                  setError(null);
                }}
                error={codeError}
                data-autofocus
              />
            ) : (
              <SixDigitCode
                label={t('Code from your authenticator app')}
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setError(null);
                }}
                error={codeError}
                autoFocus={!hasPasskey}
              />
            )}
            <Button
              type="submit"
              variant={hasPasskey && !showRecovery ? 'default' : 'filled'}
              loading={busy === 'code'}
            >
              {t('Confirm')}
            </Button>
          </Stack>
        </form>
      )}
      {hasRecovery && (hasPasskey || hasTotp) && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setError(null);
          }}
        >
          {useRecovery
            ? t('Use your passkey or authenticator app')
            : t('Use a recovery code instead')}
        </Button>
      )}
    </Stack>
  );
}
