import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDots, IconKey, IconPlus } from '@tabler/icons-react';
import type { RouterOutputs } from '@kith/api';
import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { isStepUpCancelled } from '../../components/step-up/use-step-up';
import { formatDateTime, formatLongDate } from '../../lib/format';
import { errorMessage, fieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import {
  defaultPasskeyName,
  passkeyPromptFailure,
  passkeysSupported,
} from '../../lib/passkey-prompt';
import { useFocusReturn } from '../../lib/use-focus-return';
import { useSubmitOnce } from '../../lib/use-submit-once';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from './api';
import classes from './sign-in-security.module.css';
import type { RunWithStepUp } from './step-up-run';

type Passkey = RouterOutputs['security']['overview']['passkeys'][number];

/** A passkey's name: 1..64 characters (the server's rule). */
const NAME_MAX = 64;

/**
 * The account's passkeys: each with its name, when it was added and last used, and Rename and
 * Remove; "Add a passkey" names the new one (this browser's name to start with) and asks the
 * browser for it.
 */
export function PasskeysSection({
  passkeys,
  run,
  stepUpOpen,
  onRecoveryCodes,
}: {
  passkeys: Passkey[];
  run: RunWithStepUp;
  /** The step-up dialog shows: the add dialog steps aside (its form stays, mid-submit). */
  stepUpOpen: boolean;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useRemovePasskey();

  const confirmRemove = async () => {
    const passkey = removing;
    if (!passkey) return;
    setRemoving(null);
    try {
      await run(() => remove.mutateAsync({ id: passkey.id }));
      notifySuccess('Passkey removed');
    } catch (error) {
      if (!isStepUpCancelled(error)) notifyError(error);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="passkeys-heading">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4" id="passkeys-heading">
          {t('Passkeys')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          {t('Add a passkey')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('Sign in with your fingerprint, face or screen lock instead of a code.')}
      </Text>
      {passkeys.length === 0 ? (
        <Text size="sm">{t('No passkeys yet.')}</Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label={t('Passkeys')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {passkeys.map((passkey) => (
            <Group
              key={passkey.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              data-testid="passkey-row"
            >
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconKey size={22} stroke={1.5} style={{ flexShrink: 0 }} aria-hidden />
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {passkey.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {/* Each phrase kept whole on a phone: never "Not used / yet". */}
                    <span className={classes.phrase}>
                      {t('Added {{date}}', { date: formatLongDate(passkey.createdAt) })}
                    </span>
                    {' · '}
                    <span className={classes.phrase}>
                      {passkey.lastUsedAt
                        ? t('Last used {{date}}', { date: formatDateTime(passkey.lastUsedAt) })
                        : t('Not used yet')}
                    </span>
                  </Text>
                </div>
              </Group>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('Actions for {{name}}', { name: passkey.name })}
                  >
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setRenaming(passkey)}>{t('Rename')}</Menu.Item>
                  <Menu.Item color="red" onClick={() => setRemoving(passkey)}>
                    {t('Remove')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          ))}
        </Stack>
      )}
      <AddPasskeyDialog
        opened={adding}
        hidden={stepUpOpen}
        onClose={() => setAdding(false)}
        run={run}
        onRecoveryCodes={onRecoveryCodes}
      />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('Remove this passkey?')}
        text={
          passkeys.length === 1 && removing
            ? t(
                'You will no longer sign in with “{{name}}”. If it is your only second factor, two-step verification turns off.',
                { name: removing.name },
              )
            : t('You will no longer sign in with “{{name}}”.', { name: removing?.name ?? '' })
        }
        confirmLabel={t('Remove')}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
        busy={remove.isPending}
      />
    </Stack>
  );
}

/** "Add a passkey": its name, then the browser's prompt. */
function AddPasskeyDialog({
  opened,
  hidden,
  onClose,
  run,
  onRecoveryCodes,
}: {
  opened: boolean;
  /** Out of sight for a while (while the step-up shows), its form kept. */
  hidden: boolean;
  onClose: () => void;
  run: RunWithStepUp;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  useFocusReturn(opened);
  return (
    <Modal
      opened={opened && !hidden}
      keepMounted
      onClose={onClose}
      title={t('Add a passkey')}
      centered
      returnFocus
    >
      {opened && <AddPasskeyForm onDone={onClose} run={run} onRecoveryCodes={onRecoveryCodes} />}
    </Modal>
  );
}

function AddPasskeyForm({
  onDone,
  run,
  onRecoveryCodes,
}: {
  onDone: () => void;
  run: RunWithStepUp;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(() => defaultPasskeyName() ?? t('My passkey'));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { add } = useAddPasskey();
  const submitting = useSubmitOnce();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const nameError = passkeyNameError(trimmed, t);
    if (nameError) {
      setError(nameError);
      return;
    }
    if (!passkeysSupported()) {
      setNotice(t('This browser cannot use passkeys.'));
      return;
    }
    if (!submitting.start()) return;
    setError(null);
    setNotice(null);
    try {
      const { passkey, recoveryCodes } = await run(() => add(trimmed));
      notifySuccess('Passkey “{{name}}” added', { name: passkey.name });
      onDone();
      if (recoveryCodes) onRecoveryCodes(recoveryCodes);
    } catch (failure) {
      const prompt = passkeyPromptFailure(failure);
      if (prompt === 'cancelled') {
        setNotice(
          t('The passkey request was closed, so nothing was added. Try again when you are ready.'),
        );
      } else if (prompt === 'alreadyRegistered') {
        setNotice(t('This device already has a passkey for your account.'));
      } else if (!isStepUpCancelled(failure)) {
        setError(fieldErrors(failure).name ?? errorMessage(failure));
      }
    } finally {
      submitting.finish();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t(
            'Your browser will ask you to create the passkey with your fingerprint, face, screen lock or security key.',
          )}
        </Text>
        <PasskeyNameInput
          description={t('So you can tell your passkeys apart.')}
          value={name}
          error={error}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
        />
        {notice && (
          <Text size="sm" role="status">
            {notice}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={submitting.busy}>
            {t('Continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Rename a passkey. */
function RenamePasskeyDialog({
  passkey,
  onClose,
}: {
  passkey: Passkey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useFocusReturn(passkey !== null);
  return (
    <Modal
      opened={passkey !== null}
      onClose={onClose}
      title={t('Rename passkey')}
      centered
      returnFocus
    >
      {passkey && <RenamePasskeyForm passkey={passkey} onDone={onClose} />}
    </Modal>
  );
}

function RenamePasskeyForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenamePasskey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const nameError = passkeyNameError(trimmed, t);
    if (nameError) {
      setError(nameError);
      return;
    }
    if (rename.isPending) return;
    rename.mutate(
      { id: passkey.id, name: trimmed },
      {
        onSuccess: () => {
          notifySuccess('Passkey renamed');
          onDone();
        },
        onError: (failure) => setError(fieldErrors(failure).name ?? errorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasskeyNameInput
          value={name}
          error={error}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {t('Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What is wrong with a passkey's name as typed (trimmed), or null: the server's own rules. */
function passkeyNameError(trimmed: string, t: TFunction): string | null {
  if (!trimmed) return t('Give the passkey a name');
  if (trimmed.length > NAME_MAX) {
    return t('A passkey’s name is at most {{max}} characters', { max: NAME_MAX });
  }
  return null;
}

/** The passkey's name field of the add and rename dialogs, focused when the dialog opens. */
function PasskeyNameInput({
  value,
  error,
  description,
  onChange,
}: {
  value: string;
  error: string | null;
  description?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('Passkey name')}
      description={description}
      value={value}
      maxLength={NAME_MAX}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      data-autofocus
    />
  );
}
