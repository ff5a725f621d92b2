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
import { ImportPreview, updateCount, type DuplicateChoice } from './import-preview';
import { ChooseEncoding } from './choose-encoding';
import { decodeImportFile, type FileReading } from './decode-file';
import {
  uploadBody,
  useCurrentImport,
  useImportStatus,
  usePreviewFile,
  useStartImport,
  useUndoImport,
  useUploadImportFile,
  type ImportStatus,
  type Preview,
} from './api';
import { UnfinishedImport } from './unfinished-import';

type Outcome = NonNullable<ImportStatus['outcome']>;

type Step =
  | { name: 'choose' }
  | { name: 'encoding'; file: File; choices: FileReading[] }
  | { name: 'uploading'; fileName: string; loaded: number; total: number }
  | { name: 'reading'; fileName: string }
  | { name: 'mapping'; preview: Preview }
  | { name: 'preview'; preview: Preview }
  | { name: 'running'; importId: string }
  | { name: 'done'; importId: string; outcome: Outcome };

/**
 * Import: choose a file; when its encoding is not sure, choose the reading that looks right;
 * the file goes to the server whole (a bar shows the upload), which reads it; for an unknown
 * CSV, say where its columns go; check the preview (new contacts, duplicates to skip or
 * update, problems); then the server imports it in the background, and a bar shows how far it
 * is, even after the page was left and opened again. A failed import is taken back whole; a
 * finished one can be undone.
 */
export function ImportPage() {
  const { t } = useTranslation();
  const [chosenStep, setStep] = useState<Step>({ name: 'choose' });
  const [encoding, setEncoding] = useState('utf-8');
  const [mapping, setMapping] = useState<ImportColumnTarget[]>([]);
  const [choiceForAll, setChoiceForAll] = useState<DuplicateChoice>('skip');
  const [choices, setChoices] = useState<Map<number, DuplicateChoice>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadImportFile();
  const preview = usePreviewFile();
  const start = useStartImport();
  const current = useCurrentImport();
  const { undoImport, undoing } = useUndoImport();
  const refresh = useRefreshContactLists();

  // An import still running from an earlier visit (or another tab): its progress again.
  const running = current.data?.status === 'queued' || current.data?.status === 'running';
  const step: Step =
    chosenStep.name === 'choose' && running
      ? { name: 'running', importId: current.data!.importId }
      : chosenStep;

  const fail = (error: unknown, back: Step) => {
    setFailure(errorMessage(error));
    setStep(back);
  };

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
      setStep({ name: 'encoding', file: chosen, choices: decoded.choices });
      return;
    }
    await uploadFile(chosen, decoded);
  };

  const uploadFile = async (file: File, reading: FileReading) => {
    setEncoding(reading.encoding);
    const body = uploadBody(file, reading);
    setStep({ name: 'uploading', fileName: file.name, loaded: 0, total: body.size });
    let importId: string;
    try {
      importId = await upload.mutateAsync({
        name: file.name,
        body,
        onProgress: ({ loaded, total }) =>
          setStep({ name: 'uploading', fileName: file.name, loaded, total }),
      });
    } catch (error) {
      return fail(error, { name: 'choose' });
    }
    setStep({ name: 'reading', fileName: file.name });
    preview.mutate(
      { importId },
      { onSuccess: showPreview, onError: (error) => fail(error, { name: 'choose' }) },
    );
  };

  const previewAgain = (
    from: Preview,
    input: { mapping?: ImportColumnTarget[]; dateOrder?: 'day-first' | 'month-first' },
  ) => {
    setFailure(null);
    preview.mutate(
      { importId: from.importId, ...input },
      { onSuccess: showPreview, onError: (error) => setFailure(errorMessage(error)) },
    );
  };

  const startOver = () => {
    setFailure(null);
    setStep({ name: 'choose' });
  };

  const choiceFor = (row: number) => choices.get(row) ?? choiceForAll;

  // Leaving mid-upload would stop it: the browser asks first. (A running import goes on.)
  const uploading = step.name === 'uploading';
  useEffect(() => {
    if (!uploading) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [uploading]);

  const startImport = (result: Preview) => {
    setFailure(null);
    start.mutate(
      {
        importId: result.importId,
        duplicates: choiceForAll,
        rows: [...choices].map(([row, choice]) => ({ row, choice })),
      },
      {
        onSuccess: (status) => setStep({ name: 'running', importId: status.importId }),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const finished = async (status: ImportStatus) => {
    await current.refetch();
    if (status.status === 'done') {
      await refresh();
      setStep({ name: 'done', importId: status.importId, outcome: status.outcome! });
      return;
    }
    const kept = status.outcome && status.outcome.created + status.outcome.updated > 0;
    setFailure(
      kept
        ? t('The import stopped: {{message}}', { message: t(status.error ?? '') })
        : t('The import stopped: {{message}} Nothing was kept; your contacts are as they were.', {
            message: t(status.error ?? ''),
          }),
    );
    setStep({ name: 'choose' });
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

      {step.name === 'choose' && current.data?.status === 'failed' && (
        <UnfinishedImport status={current.data} onUndone={() => void current.refetch()} />
      )}

      {failure && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {failure}
        </Alert>
      )}

      {step.name === 'choose' && (
        <ChooseFile busy={false} onFile={readFile} onRejected={setFailure} />
      )}

      {step.name === 'encoding' && (
        <ChooseEncoding
          fileName={step.file.name}
          choices={step.choices}
          busy={upload.isPending}
          onChoose={(reading) => void uploadFile(step.file, reading)}
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
          onContinue={() => previewAgain(step.preview, { mapping })}
        />
      )}

      {(step.name === 'uploading' || step.name === 'reading') && (
        <Paper withBorder radius="lg" p="lg">
          <Text fw={600} mb="sm" id="import-upload-label" style={{ overflowWrap: 'anywhere' }}>
            {step.name === 'uploading'
              ? t('Sending {{file}}… {{percent}}%', {
                  file: step.fileName,
                  percent: step.total ? Math.floor((step.loaded / step.total) * 100) : 0,
                })
              : t('Reading {{file}}…', { file: step.fileName })}
          </Text>
          {/* The section is the progressbar: the name goes on it (axe's aria-progressbar-name). */}
          <Progress.Root size="lg" radius="xl">
            <Progress.Section
              value={
                step.name === 'uploading' && step.total ? (step.loaded / step.total) * 100 : 100
              }
              animated={step.name === 'reading'}
              aria-labelledby="import-upload-label"
            />
          </Progress.Root>
        </Paper>
      )}

      {step.name === 'preview' && (
        <ImportPreview
          encoding={encoding}
          preview={step.preview}
          updates={updateCount(step.preview, choiceForAll, choices)}
          choiceFor={choiceFor}
          onChoice={(row, choice) => setChoices(new Map(choices).set(row, choice))}
          onChoiceForAll={(choice) => {
            setChoiceForAll(choice);
            setChoices(new Map());
          }}
          onCancel={startOver}
          onDateOrder={(order) =>
            previewAgain(step.preview, {
              mapping: step.preview.format === 'csv' ? step.preview.mapping : undefined,
              dateOrder: order,
            })
          }
          onImport={() => startImport(step.preview)}
          busy={preview.isPending || start.isPending}
        />
      )}

      {step.name === 'running' && (
        <ImportProgress importId={step.importId} onFinished={(status) => void finished(status)} />
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
                onClick={async () => (await undoImport(step.importId)) && startOver()}
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

/**
 * How far a running import is: its status asked every `STATUS_POLL_MS` (`imports.status`),
 * until the job has ended, when `onFinished` gets its last status.
 */
function ImportProgress({
  importId,
  onFinished,
}: {
  importId: string;
  onFinished: (status: ImportStatus) => void;
}) {
  const { t } = useTranslation();
  const status = useImportStatus(importId);
  const data = status.data;
  const ended = data && data.status !== 'queued' && data.status !== 'running';
  useEffect(() => {
    if (ended) onFinished(data);
    // Once, when the job has ended.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ended]);
  const done = data?.done ?? 0;
  const total = data?.total ?? 0;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Text fw={600} mb="sm" id="import-progress-label">
        {data?.status === 'queued' || !data
          ? t('Starting the import…')
          : t('Importing… {{done}} of {{total}}', {
              done: formatCount(done),
              total: formatCount(total),
            })}
      </Text>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section
          value={total ? (done / total) * 100 : 0}
          animated
          aria-labelledby="import-progress-label"
        />
      </Progress.Root>
      <Text size="sm" c="dimmed" mt="sm">
        {t('You can leave this page: the import goes on, and this page shows it again.')}
      </Text>
    </Paper>
  );
}
