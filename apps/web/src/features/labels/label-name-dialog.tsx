import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../../lib/use-focus-return';

/**
 * The shared schema of a label's name, loaded when the dialog opens rather than with the
 * sidebar that offers it: the contacts list's first script then carries no zod.
 */
const loadLabelName = () => import('@kith/validators/labels').then((module) => module.labelName);

/** Asks for a label's name, to create or rename it; the name is checked as the server does. */
export function LabelNameDialog({
  opened,
  title,
  initialName = '',
  busy,
  error,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  initialName?: string;
  busy?: boolean;
  /** A message from the server (a taken name), shown under the field. */
  error?: string | null;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  useFocusReturn(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {/* Mounted on each opening (Modal unmounts closed content), so the field starts afresh. */}
      <NameForm
        initialName={initialName}
        busy={busy}
        error={error}
        onClose={onClose}
        onSubmit={onSubmit}
      />
    </Modal>
  );
}

function NameForm({
  initialName,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  initialName: string;
  busy?: boolean;
  error?: string | null;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);
  // Fetched as the dialog opens, so Save finds it loaded.
  useEffect(() => {
    loadLabelName().catch(() => undefined);
  }, []);
  return (
    <form
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        // Without the schema (its file could not be fetched) the server's same check answers.
        const schema = await loadLabelName().catch(() => null);
        if (!schema) return onSubmit(name.trim());
        const parsed = schema.safeParse(name);
        if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
        onSubmit(parsed.data);
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('Label name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={problem ? t(problem) : error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
