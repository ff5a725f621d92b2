import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ImportColumnTarget } from '@kith/validators';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format';
import { errorMessage } from '../../lib/notify';
import { useRefreshContactLists } from '../../lib/contact-lists';
import { ChooseFile } from './choose-file';
import { ColumnMapping } from './column-mapping';
import { ImportPreview, type DuplicateChoice } from './import-preview';
import { ChooseEncoding } from './choose-encoding';
import { decodeImportFile, type FileReading } from './decode-file';
import {
  usePreviewImport,
  useRunImport,
  useUndoImport,
  type ImportOutcome,
  type Preview,
} from './api';
import { UnfinishedImport } from './unfinished-import';

type Step =
  | { name: 'choose' }
  | { name: 'encoding'; fileName: string; choices: FileReading[] }
  | { name: 'mapping'; preview: Preview }
  | { name: 'preview'; preview: Preview }
  | { name: 'running'; done: number; total: number }
  | { name: 'done'; outcome: ImportOutcome };

/**
 * Import: choose a file; when its encoding is not sure, choose the reading that
 * looks right; for an unknown CSV, say where its columns go; check the preview (new
 * contacts, duplicates to skip or update, problems); then the import runs in batches with a
 * progress bar. A failed import is taken back whole; a finished one can be undone.
 */
export function ImportPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [file, setFile] = useState<{ name: string; content: string; encoding: string } | null>(
    null,
  );
  const [mapping, setMapping] = useState<ImportColumnTarget[]>([]);
  const [choiceForAll, setChoiceForAll] = useState<DuplicateChoice>('skip');
  const [choices, setChoices] = useState<Map<number, DuplicateChoice>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const preview = usePreviewImport();
  const { undoImport, undoing } = useUndoImport();
  const runImport = useRunImport();
  const refresh = useRefreshContactLists();

  const showPreview = (result: Preview) => {
    setChoices(new Map());
    setChoiceForAll('skip');
    if (result.needsMapping) {
      setMapping(result.mapping);
      setStep({ name: 'mapping', preview: result });
    } else {
      setStep({ name: 'preview', preview: result });
    }
  };

  const readFile = async (chosen: File) => {
    setFailure(null);
    // Read in the file's own encoding, not always as UTF-8 (decode-file.ts); when that is not
    // sure and the readings differ, the person chooses one first.
    const decoded = await decodeImportFile(new Uint8Array(await chosen.arrayBuffer()));
    if (decoded.choices) {
      setStep({ name: 'encoding', fileName: chosen.name, choices: decoded.choices });
      return;
    }
    previewFile(chosen.name, decoded);
  };

  const previewFile = (name: string, { text: content, encoding }: FileReading) => {
    setFile({ name, content, encoding });
    preview.mutate(
      { content },
      { onSuccess: showPreview, onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  const applyMapping = () => {
    if (!file) return;
    preview.mutate(
      { content: file.content, mapping },
      { onSuccess: showPreview, onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  // The person's answer when a CSV's birthdays could be day first or month first.
  const chooseDateOrder = (result: Preview, dateOrder: 'day-first' | 'month-first') => {
    if (!file) return;
    preview.mutate(
      {
        content: file.content,
        mapping: result.format === 'csv' ? result.mapping : undefined,
        dateOrder,
      },
      { onSuccess: showPreview, onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  const startOver = () => {
    setFailure(null);
    setFile(null);
    setStep({ name: 'choose' });
  };

  const choiceFor = (row: number) => choices.get(row) ?? choiceForAll;

  // Leaving mid-import would stop it half done: the browser asks first.
  const running = step.name === 'running';
  useEffect(() => {
    if (!running) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [running]);

  const start = async (result: Preview) => {
    const duplicateOf = new Map(result.duplicates.map((d) => [d.row, d.contactId]));
    const create = result.contacts.filter((c) => !duplicateOf.has(c.row));
    const update = result.contacts
      .filter((c) => duplicateOf.has(c.row) && choiceFor(c.row) === 'update')
      .map((contact) => ({ contactId: duplicateOf.get(contact.row)!, contact }));
    setFailure(null);
    try {
      const outcome = await runImport(create, update, (done, total) =>
        setStep({ name: 'running', done, total }),
      );
      await refresh();
      setStep({ name: 'done', outcome });
    } catch (error) {
      setFailure(
        t('The import stopped: {{message}} Nothing was kept; your contacts are as they were.', {
          message: errorMessage(error),
        }),
      );
      setStep({ name: 'preview', preview: result });
    }
  };

  return (
    <Stack gap="md" maw={860} pb={{ base: 80, sm: 0 }}>
      <div>
        <Title order={1} fz="h2">
          {t('Import contacts')}
        </Title>
        <Text c="dimmed">
          {t(
            'Bring your contacts from Google, Outlook, Apple or a phone. Nothing is lost on the way: what Kith has no field for is kept with the contact.',
          )}
        </Text>
      </div>

      {step.name === 'choose' && <UnfinishedImport />}

      {failure && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {failure}
        </Alert>
      )}

      {step.name === 'choose' && (
        <ChooseFile busy={preview.isPending} onFile={readFile} onRejected={setFailure} />
      )}

      {step.name === 'encoding' && (
        <ChooseEncoding
          fileName={step.fileName}
          choices={step.choices}
          busy={preview.isPending}
          onChoose={(reading) => previewFile(step.fileName, reading)}
          onBack={startOver}
        />
      )}

      {step.name === 'mapping' && (
        <ColumnMapping
          columns={step.preview.columns}
          sample={step.preview.sample}
          mapping={mapping}
          busy={preview.isPending}
          onChange={setMapping}
          onBack={startOver}
          onContinue={applyMapping}
        />
      )}

      {step.name === 'preview' && file && (
        <ImportPreview
          fileName={file.name}
          encoding={file.encoding}
          preview={step.preview}
          choiceFor={choiceFor}
          onChoice={(row, choice) => setChoices(new Map(choices).set(row, choice))}
          onChoiceForAll={(choice) => {
            setChoiceForAll(choice);
            setChoices(new Map());
          }}
          onCancel={startOver}
          onDateOrder={(order) => chooseDateOrder(step.preview, order)}
          onImport={() => start(step.preview)}
        />
      )}

      {step.name === 'running' && (
        <Paper withBorder radius="lg" p="lg">
          <Text fw={600} mb="sm" id="import-progress-label">
            {t('Importing… {{done}} of {{total}}', {
              done: formatCount(step.done),
              total: formatCount(step.total),
            })}
          </Text>
          <Progress
            value={step.total ? (step.done / step.total) * 100 : 0}
            size="lg"
            radius="xl"
            animated
            aria-labelledby="import-progress-label"
          />
        </Paper>
      )}

      {step.name === 'done' && (
        <Paper withBorder radius="lg" p="lg">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={64} radius="xl" variant="light" color="teal">
              <IconCheck size={34} stroke={1.6} />
            </ThemeIcon>
            <Title order={2} fz="h3">
              {t('Import finished')}
            </Title>
            <Text>
              {t('{{count, number}} contacts added', { count: step.outcome.created })}
              {step.outcome.updated > 0 &&
                ` · ${t('{{count, number}} contacts updated', { count: step.outcome.updated })}`}
            </Text>
            {step.outcome.photosDropped > 0 && (
              <Text size="sm" c="dimmed">
                {t('{{count, number}} embedded photos could not be read and were left out.', {
                  count: step.outcome.photosDropped,
                })}
              </Text>
            )}
            {step.outcome.photoAddressesKept > 0 && (
              <Text size="sm" c="dimmed">
                {t(
                  '{{count, number}} photo addresses could not be fetched; the addresses are kept with the contacts.',
                  { count: step.outcome.photoAddressesKept },
                )}
              </Text>
            )}
            {step.outcome.photosFailed > 0 && (
              <Text size="sm" c="dimmed">
                {t(
                  '{{count, number}} photos could not be read: embedded photos were left out, photo addresses are kept with the contacts.',
                  { count: step.outcome.photosFailed },
                )}
              </Text>
            )}
            <Group justify="center">
              <Button renderRoot={(props) => <Link {...props} to="/" />}>
                {t('View contacts')}
              </Button>
              <Button variant="default" onClick={startOver}>
                {t('Import another file')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                loading={undoing}
                onClick={async () => (await undoImport(step.outcome.importId)) && startOver()}
              >
                {t('Undo import')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
