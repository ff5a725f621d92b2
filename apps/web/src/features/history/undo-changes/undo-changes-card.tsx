import {
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { errorMessage, notifyError } from '../../../lib/notify';
import { notifyUndoable } from '../../../lib/undo-toast';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { momentBeforeRestore, usePreviewUndo, useUndoChanges } from './api';
import {
  customBounds,
  fromInputValue,
  MOMENT_PRESETS,
  presetMoment,
  toInputValue,
  type MomentChoice,
  type MomentPreset,
} from './moments';
import { isNothingToUndo, undoSummary } from './undo-summary';

/** How long a typed custom moment rests before its preview is asked for, in ms. */
const CUSTOM_SETTLE_MS = 400;

/**
 * "Undo changes" on /me (docs/history.md#undo-changes): the person picks a moment of the last
 * 30 days (four presets or a date and time), sees in words what putting the whole address book
 * back as it was then would do, confirms, and gets a toast whose Undo undoes the restore.
 */
export function UndoChangesCard() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<MomentChoice | null>(null);
  const [presetAt, setPresetAt] = useState<Date | null>(null);
  const [custom, setCustom] = useState('');
  const [settledCustom] = useDebouncedValue(custom, CUSTOM_SETTLE_MS);
  // The moment the custom input's bounds count from: when Custom was chosen.
  const [customFrom, setCustomFrom] = useState(() => new Date());
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmitOnce();

  const at = choice === 'custom' ? fromInputValue(settledCustom) : presetAt;
  const preview = usePreviewUndo(at);
  const undo = useUndoChanges();
  const counts = at ? preview.data : undefined;
  const ready = counts !== undefined && !isNothingToUndo(counts);
  const summary = counts ? undoSummary(counts, t) : '';
  const time = at ? formatDateTime(at) : '';

  const choose = (value: string) => {
    const next = value as MomentChoice;
    const now = new Date();
    setChoice(next);
    if (next === 'custom') {
      setCustomFrom(now);
      if (!custom) setCustom(toInputValue(now));
      setPresetAt(null);
    } else {
      setPresetAt(presetMoment(next, now));
    }
  };

  const confirm = () => {
    if (!at || !submit.start()) return;
    const moment = at;
    undo.mutate(
      { at: moment },
      {
        onSuccess: ({ restoredAt }) => {
          setConfirming(false);
          setChoice(null);
          setPresetAt(null);
          setCustom('');
          notifyUndoable(
            'Your address book is back as it was at {{time}}',
            () => undo.mutateAsync({ at: momentBeforeRestore(restoredAt) }),
            { time: formatDateTime(moment) },
          );
        },
        onError: (error) => {
          setConfirming(false);
          notifyError(error);
        },
        onSettled: () => submit.finish(),
      },
    );
  };

  const presetLabels: Record<MomentPreset, string> = {
    '10-minutes': t('10 minutes ago'),
    '1-hour': t('1 hour ago'),
    yesterday: t('Yesterday'),
    '1-week': t('1 week ago'),
  };
  const bounds = customBounds(customFrom);
  const previewError = at && preview.error ? errorMessage(preview.error) : null;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="undo-changes-heading">
      <Title order={2} size="h3" id="undo-changes-heading">
        {t('Undo changes')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t(
          'Kith keeps 30 days of changes to your contacts and labels, so you can put your whole address book back as it was at an earlier moment.',
        )}
      </Text>
      <Stack gap="md">
        <Radio.Group label={t('Put it back as it was')} value={choice} onChange={choose}>
          <Stack gap="xs" mt={6}>
            {MOMENT_PRESETS.map((preset) => (
              <Radio key={preset} value={preset} label={presetLabels[preset]} />
            ))}
            <Radio value="custom" label={t('Custom')} />
          </Stack>
        </Radio.Group>
        {choice === 'custom' && (
          <TextInput
            type="datetime-local"
            // To the second: "just before the sync at 14:02:37".
            step={1}
            label={t('Date and time')}
            description={t('Any moment of the last 30 days')}
            value={custom}
            min={bounds.min}
            max={bounds.max}
            onChange={(event) => setCustom(event.currentTarget.value)}
            error={previewError}
            maw={280}
          />
        )}
        <Box
          role="status"
          id="undo-changes-preview"
          // Room for the moment and the sentence while they load, so the button stays put.
          mih={choice && !previewError ? 44 : undefined}
        >
          {!choice && (
            <Text size="sm" c="dimmed">
              {t('Choose a moment to see what will change.')}
            </Text>
          )}
          {choice === 'custom' && !at && !previewError && (
            <Text size="sm" c="dimmed">
              {t('Choose a date and time.')}
            </Text>
          )}
          {at && preview.isFetching && !counts && (
            <Loader role="progressbar" size="sm" aria-label={t('Counting the changes')} />
          )}
          {at && counts && (
            <>
              <Text size="sm" c="dimmed">
                {t('As it was at {{time}}', { time })}
              </Text>
              <Text fw={500}>{summary}</Text>
            </>
          )}
          {previewError && choice !== 'custom' && (
            <Text size="sm" c="red">
              {previewError}
            </Text>
          )}
        </Box>
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconArrowBackUp size={18} />}
            aria-disabled={!ready}
            data-disabled={!ready || undefined}
            aria-describedby="undo-changes-preview"
            onClick={() => ready && setConfirming(true)}
          >
            {t('Undo changes')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('Undo changes?')}
        text={`${t('Your address book will be as it was at {{time}}.', { time })} ${summary} ${t('You can undo this afterwards.')}`}
        confirmLabel={t('Undo changes')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
        busy={submit.busy}
      />
    </Paper>
  );
}
