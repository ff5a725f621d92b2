import { Box, Button, Group, Loader, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { Contact } from '../../lib/contact-lists';
import { contactName, shownName } from '../../lib/contact-name';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { notifyUndoable } from '../../lib/undo-toast';
import { useContactHistory, useRestoreVersion } from './api/contact-history';
import classes from './contact-history.module.css';
import { timeAgo } from './contact-history-time';
import { versionChanges, type ContactVersionEntry } from './version-diff';

/** How many changes the History shows before "Show all changes". */
const FIRST_SHOWN = 5;

/** Through what a change came, in words (docs/history.md#sources). */
export function sourceText(source: ContactVersionEntry['source'], t: TFunction): string {
  switch (source?.via) {
    case 'web':
      return t('In Kith on the web');
    case 'api':
      return t('Through the API');
    case 'carddav':
      return t('From {{name}} (app password)', { name: source.appPasswordName });
    case 'import':
      return t('Import');
    case 'merge':
      return t('Merge & fix');
    case 'restore':
      return t('Restore from history');
    case 'retention':
      return t('Deleted from the Trash after 30 days');
    default:
      return t('Source not recorded');
  }
}

/** A version the person may restore: its id, and when the contact was so, in words. */
interface Restorable {
  versionId: string;
  /** "on 12 March 2026 at 14:05", "before 12 March 2026 at 14:05". */
  when: string;
}

/**
 * A contact's History on its page (docs/history.md#a-contacts-history): its changes of the
 * last 30 days, newest first, each with when (relative, the exact time on hover), through
 * what, and what changed in words; "Restore this version" on each but the current one, and on
 * the earliest state kept. A restore is confirmed first, and its toast offers Undo, which
 * restores the version the restore replaced.
 */
export function ContactHistory({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const contactId = contact.id;
  const name = shownName(contactName(contact), t);
  const history = useContactHistory(contactId);
  const restore = useRestoreVersion();
  const [showAll, setShowAll] = useState(false);
  const [asked, setAsked] = useState<Restorable | null>(null);
  const headingId = useId();

  const { refetch } = history;

  const restoreTo = async (versionId: string) => {
    await restore.mutateAsync({ contactId, versionId });
    const { data } = await refetch();
    const newest = data?.entries[0];
    // The restore is the newest change; the version before it is what Undo brings back.
    return newest?.source?.via === 'restore' ? newest.previousVersionId : null;
  };

  const confirm = async () => {
    if (!asked) return;
    try {
      const before = await restoreTo(asked.versionId);
      setAsked(null);
      if (before) notifyUndoable('Version restored', () => restoreTo(before));
      else notifySuccess('Version restored');
    } catch (error) {
      setAsked(null);
      notifyError(error);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} mt="md">
      <Title order={3} fz="h5" mb="xs" id={headingId}>
        {t('Changes in the last 30 days')}
      </Title>
      {history.isPending ? (
        <Loader role="progressbar" size="sm" aria-label={t('Loading history')} />
      ) : history.error ? (
        <Group gap="sm">
          <Text size="sm" c="red.8">
            {t('The History could not be loaded.')}
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => void refetch()}>
            {t('Try again')}
          </Button>
        </Group>
      ) : (
        <Entries
          entries={history.data.entries}
          truncated={history.data.truncated}
          showAll={showAll}
          onShowAll={() => setShowAll(true)}
          onRestore={setAsked}
        />
      )}
      <ConfirmDialog
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={t('Restore this version?')}
        text={t(
          '{{name}} will be put back as it was {{when}}: details, photo, labels, favorite and Trash. The restore is kept in the History, so it can be undone.',
          { name, when: asked?.when ?? '' },
        )}
        confirmLabel={t('Restore')}
        onConfirm={() => void confirm()}
        busy={restore.isPending}
      />
    </Box>
  );
}

function Entries({
  entries,
  truncated,
  showAll,
  onShowAll,
  onRestore,
}: {
  entries: ContactVersionEntry[];
  truncated: boolean;
  showAll: boolean;
  onShowAll: () => void;
  onRestore: (version: Restorable) => void;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('No changes in the last 30 days.')}
      </Text>
    );
  }
  const shown = showAll ? entries : entries.slice(0, FIRST_SHOWN);
  const last = entries[entries.length - 1]!;
  const earliest = showAll || entries.length <= FIRST_SHOWN ? last.previousVersionId : null;
  return (
    <>
      <ol className={classes.list}>
        {shown.map((entry) => (
          <Entry key={entry.versionId ?? 'current'} entry={entry} onRestore={onRestore} />
        ))}
        {earliest && (
          <EarliestVersion
            versionId={earliest}
            at={last.recordedAt}
            truncated={truncated}
            onRestore={onRestore}
          />
        )}
      </ol>
      {!showAll && entries.length > FIRST_SHOWN && (
        <Button variant="subtle" size="compact-sm" mt="xs" onClick={onShowAll}>
          {t('Show all changes ({{count}})', { count: entries.length })}
        </Button>
      )}
    </>
  );
}

/** A version's "Restore this version", described by its entry's first line. */
function RestoreButton({ describedBy, onClick }: { describedBy: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      className={classes.action}
      variant="default"
      size="compact-sm"
      leftSection={<IconRestore size={16} aria-hidden />}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {t('Restore this version')}
    </Button>
  );
}

/** One change: when, through what, what changed, and its Restore (or "Current version"). */
function Entry({
  entry,
  onRestore,
}: {
  entry: ContactVersionEntry;
  onRestore: (version: Restorable) => void;
}) {
  const { t } = useTranslation();
  const whenId = useId();
  const { versionId } = entry;
  return (
    <li className={classes.entry}>
      <Text size="sm" id={whenId} className={classes.when}>
        <Text
          span
          fw={600}
          component="time"
          dateTime={entry.recordedAt.toISOString()}
          title={formatDateTime(entry.recordedAt)}
        >
          {timeAgo(entry.recordedAt)}
        </Text>
        <Text span c="dimmed">
          {' · '}
          {sourceText(entry.source, t)}
        </Text>
      </Text>
      <ul className={classes.changes}>
        {versionChanges(entry.previous, entry.card, t).map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {versionId ? (
        <RestoreButton
          describedBy={whenId}
          onClick={() =>
            onRestore({
              versionId,
              when: t('on {{moment}}', { moment: formatDateTime(entry.recordedAt) }),
            })
          }
        />
      ) : (
        <Text size="sm" c="dimmed" fs="italic" className={classes.action}>
          {t('Current version')}
        </Text>
      )}
    </li>
  );
}

/** The contact as it was before the oldest change listed, which can be restored too. */
function EarliestVersion({
  versionId,
  at,
  truncated,
  onRestore,
}: {
  versionId: string;
  at: Date;
  truncated: boolean;
  onRestore: (version: Restorable) => void;
}) {
  const { t } = useTranslation();
  const whenId = useId();
  return (
    <li className={classes.entry}>
      <Text size="sm" fw={600} id={whenId} className={classes.when}>
        {truncated ? t('Before the changes listed') : t('Earliest kept version')}
      </Text>
      <Text size="sm" c="dimmed" className={classes.changes} p={0}>
        {truncated
          ? t('Older changes are kept but not listed.')
          : t('As it was before {{when}}', { when: formatDateTime(at) })}
      </Text>
      <RestoreButton
        describedBy={whenId}
        onClick={() =>
          onRestore({ versionId, when: t('before {{moment}}', { moment: formatDateTime(at) }) })
        }
      />
    </li>
  );
}
