import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import {
  API_TOKEN_FEATURES,
  API_TOKEN_LIFETIMES_DAYS,
  createApiTokenInput,
  type ApiTokenFeature,
} from '@kith/validators';
import type { RouterOutputs } from '@kith/api';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../lib/format';
import { errorMessage, fieldErrors, notifySuccess } from '../../lib/notify';
import { useFocusReturn } from '../../lib/use-focus-return';
import { useCreateApiToken } from './api';
import {
  FEATURE_NAMES,
  noAccess,
  scopesFor,
  type AccessByFeature,
  type FeatureAccess,
} from './scopes';

type Created = RouterOutputs['apiTokens']['create'];

/** A token's name: 1..64 characters (the server's rule). */
const NAME_MAX = 64;

/** The lifetime the dialog starts with, in days. */
const DEFAULT_LIFETIME_DAYS = 30;

/** The select's value for a token that never expires. */
const NEVER = 'never';

/**
 * "Create token": a name, per feature no access / read / read and write, and a lifetime (7, 30,
 * 90 or 365 days, or never; 30 to start with), then the token itself, shown this once with
 * Copy and an example request (docs/api-tokens.md).
 */
export function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<Created | null>(null);
  useFocusReturn(opened);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? t('Copy your new token') : t('Create an API token')}
      centered
      size="lg"
      returnFocus
      // Shown once: a click beside the dialog must not lose the token.
      closeOnClickOutside={!created}
    >
      {opened &&
        (created ? (
          <TokenShownOnce created={created} onDone={close} />
        ) : (
          <CreateTokenForm onCreated={setCreated} onCancel={close} />
        ))}
    </Modal>
  );
}

function CreateTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: Created) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<AccessByFeature>(noAccess);
  const [lifetime, setLifetime] = useState(String(DEFAULT_LIFETIME_DAYS));
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({});
  const nameInput = useRef<HTMLInputElement>(null);
  // When the form opened, in ms: the expiry date it shows counts from here.
  const [openedAt] = useState(() => Date.now());
  const create = useCreateApiToken();

  const expiresInDays = lifetime === NEVER ? null : Number(lifetime);
  const choices: { value: FeatureAccess; label: string }[] = [
    { value: 'none', label: t('No access') },
    { value: 'read', label: t('Read') },
    { value: 'write', label: t('Read and write') },
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const input = { name, scopes: scopesFor(access), expiresInDays };
    const parsed = createApiTokenInput.safeParse(input);
    if (!parsed.success) {
      const found: { name?: string; scopes?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'scopes') && !found[field])
          found[field] = t(issue.message);
      }
      setErrors(found);
      if (found.name) nameInput.current?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (result) => {
        notifySuccess('API token “{{name}}” created', { name: result.apiToken.name });
        onCreated(result);
      },
      onError: (failure) => {
        const fields = fieldErrors(failure);
        if (fields.name || fields.scopes) {
          setErrors({ name: fields.name, scopes: fields.scopes });
          if (fields.name) nameInput.current?.focus();
        } else setErrors({ form: errorMessage(failure) });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          ref={nameInput}
          label={t('Token name')}
          description={t('What uses it, so you can tell your tokens apart.')}
          placeholder={t('e.g. Backup script')}
          value={name}
          maxLength={NAME_MAX}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((current) => ({ ...current, name: undefined, form: undefined }));
          }}
          error={errors.name}
          data-autofocus
        />
        <Stack
          gap="xs"
          component="fieldset"
          aria-describedby={errors.scopes ? 'api-token-scopes-error' : undefined}
          style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
        >
          <Text component="legend" size="sm" fw={600} p={0} mb={4}>
            {t('What it may do')}
          </Text>
          {API_TOKEN_FEATURES.map((feature) => (
            <FeatureChoice
              key={feature}
              feature={feature}
              value={access[feature]}
              choices={choices}
              onChange={(value) => {
                setAccess((current) => ({ ...current, [feature]: value }));
                setErrors((current) => ({ ...current, scopes: undefined, form: undefined }));
              }}
            />
          ))}
          {errors.scopes && (
            <Text id="api-token-scopes-error" size="sm" c="red.8" role="alert">
              {errors.scopes}
            </Text>
          )}
        </Stack>
        <NativeSelect
          label={t('Expires')}
          description={
            expiresInDays === null
              ? t('It works until you revoke it.')
              : t('On {{date}}.', {
                  date: formatLongDate(new Date(openedAt + expiresInDays * 86_400_000)),
                })
          }
          value={lifetime}
          onChange={(event) => setLifetime(event.currentTarget.value)}
          data={[
            ...API_TOKEN_LIFETIMES_DAYS.map((days) => ({
              value: String(days),
              label: t('In {{days}} days', { days }),
            })),
            { value: NEVER, label: t('Never') },
          ]}
        />
        {errors.form && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            <Text size="sm" c="var(--mantine-color-text)">
              {errors.form}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('Create token')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One feature's row: its name, and no access / read / read and write. */
function FeatureChoice({
  feature,
  value,
  choices,
  onChange,
}: {
  feature: ApiTokenFeature;
  value: FeatureAccess;
  choices: { value: FeatureAccess; label: string }[];
  onChange: (value: FeatureAccess) => void;
}) {
  const { t } = useTranslation();
  const labelId = `api-token-feature-${feature}`;
  return (
    <Group justify="space-between" gap={6} wrap="wrap" data-testid="api-token-feature">
      <Text id={labelId} size="sm" style={{ flex: '1 1 9rem' }}>
        {t(FEATURE_NAMES[feature])}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={labelId}
        name={labelId}
        value={value}
        onChange={(next) => onChange(next as FeatureAccess)}
        data={choices}
        style={{ flex: '1 1 16rem' }}
      />
    </Group>
  );
}

/** The new token, this once: Copy, the warning, an example request, and Done. */
function TokenShownOnce({ created, onDone }: { created: Created; onDone: () => void }) {
  const { t } = useTranslation();
  const example = `curl -H "Authorization: Bearer ${created.token}" ${window.location.origin}/api/v1/contacts`;
  return (
    <Stack gap="md">
      <Text size="sm">{t('Your token “{{name}}”:', { name: created.apiToken.name })}</Text>
      <Code
        block
        fz="sm"
        data-testid="new-api-token"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      >
        {created.token}
      </Code>
      <Group gap="sm" wrap="nowrap" align="center">
        <CopyButton value={created.token}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              style={{ flexShrink: 0 }}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
            >
              {copied ? t('Copied') : t('Copy')}
            </Button>
          )}
        </CopyButton>
        <Text size="sm" fw={600}>
          {t('Copy it now: you will not see it again.')}
        </Text>
      </Group>
      <div>
        <Text size="sm" mb={4}>
          {t('Send it in the Authorization header, for example:')}
        </Text>
        <Code
          block
          fz="xs"
          data-testid="api-token-example"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        >
          {example}
        </Code>
      </div>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('Done')}</Button>
      </Group>
    </Stack>
  );
}
