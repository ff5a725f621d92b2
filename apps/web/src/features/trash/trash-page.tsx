import { formatCount, formatLongDate } from '../../lib/format';
import { ActionIcon, Alert, Button, Center, Group, Loader, Menu, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconDots, IconRestore, IconTrash, IconTrashX } from '@tabler/icons-react';
import type { BulkContactsInput } from '@kith/validators';
import { useRef, useState } from 'react';
import { withProgress } from '../../lib/notify';
import { useTrashActions } from './api';
import { useContactList, type ContactListItem } from '../../lib/contact-lists';
import { LoadFailure } from '../../components/load-failure';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ContactTable } from '../../components/contact-table/contact-table';
import { EmptyState } from '../../components/empty-state';
import { SelectionHeader } from '../../components/contact-table/selection-header';
import { useSelection } from '../../components/contact-table/selection';
import { useTranslation } from 'react-i18next';
import { contactName, shownName } from '../../lib/contact-name';

/**
 * 'Date deleted' as day, full month name, year ("22 November 2026"), per locale
 * (docs/product/screens.md#trash-screen).
 */
export function formatDeletedDate(date: Date | string | null): string {
  return date ? formatLongDate(date) : '';
}

/** The selection's recovery, among the ids of `recovering` (no contact id is this). */
const ALL = 'selection';

/** What 'Delete forever?' is about to delete: one row, the selection, or the whole trash. */
type PendingDelete = { one: string } | { chosen: BulkContactsInput } | { empty: true } | null;

/**
 * The Trash screen (docs/product/screens.md#trash-screen): the 30-day banner with 'Empty
 * Trash now', Name and 'Date deleted', Recover and Delete Forever per row (a menu on small
 * screens) and in bulk, and the 'Delete forever?' dialog before anything is deleted. A Recover
 * clicked again while its call is on its way does nothing (one call, one toast).
 */
export function TrashPage() {
  const { t } = useTranslation();
  const rows = useContactList('trash');
  const { total, isPending, error, retry } = rows;
  const selection = useSelection({ list: 'trash' }, total);
  const [pending, setPending] = useState<PendingDelete>(null);
  const [dialogOpened, dialog] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const { recover, recoverMany, deleteForever, deleteManyForever, empty } = useTrashActions();

  const afterChange = (done: unknown) => {
    if (done) selection.clear();
  };

  // The contacts whose recovery is on its way: a second click on the same Recover is ignored,
  // so one call and one outcome (a second call answered 'Contact not found.' beside
  // 'Contact recovered'). A ref, so the click right after the first one sees it at once.
  const recovering = useRef(new Set<string>());
  const [recoveringIds, setRecoveringIds] = useState<ReadonlySet<string>>(new Set());
  const recoverOne = async (id: string) => {
    if (recovering.current.has(id)) return;
    recovering.current.add(id);
    setRecoveringIds(new Set(recovering.current));
    try {
      afterChange(
        await withProgress(
          () => recover.mutateAsync({ id }),
          () => t('Contact recovered'),
          'recover',
        ),
      );
    } finally {
      recovering.current.delete(id);
      setRecoveringIds(new Set(recovering.current));
    }
  };
  const recoverSelected = async () => {
    const chosen = selection.chosen();
    if ('contactIds' in chosen && chosen.contactIds.length === 1) {
      return recoverOne(chosen.contactIds[0]!);
    }
    if (recovering.current.has(ALL)) return;
    recovering.current.add(ALL);
    try {
      afterChange(
        await withProgress(
          () => recoverMany.mutateAsync(chosen),
          () => t('Contacts recovered'),
          'recover',
        ),
      );
    } finally {
      recovering.current.delete(ALL);
    }
  };

  const askDelete = (next: PendingDelete) => {
    setPending(next);
    dialog.open();
  };

  const deleteConfirmed = async () => {
    dialog.close();
    if (!pending) return;
    if ('empty' in pending) {
      afterChange(
        await withProgress(
          () => empty.mutateAsync(),
          () => t('Trash emptied'),
          'delete',
        ),
      );
    } else if ('one' in pending) {
      const id = pending.one;
      afterChange(
        await withProgress(
          () => deleteForever.mutateAsync({ id }),
          () => t('Contact Deleted'),
          'delete',
        ),
      );
    } else {
      const chosen = pending.chosen;
      afterChange(
        await withProgress(
          () => deleteManyForever.mutateAsync(chosen),
          (r) => t('{{count}} contacts deleted', { count: r.ids.length }),
          'delete',
        ),
      );
    }
    setPending(null);
  };

  const rowActions = (contact: ContactListItem) =>
    phone ? (
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('Actions for {{name}}', { name: shownName(contactName(contact), t) })}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconRestore size={16} />} onClick={() => recoverOne(contact.id)}>
            {t('Recover')}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrashX size={16} />}
            onClick={() => askDelete({ one: contact.id })}
          >
            {t('Delete Forever')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    ) : (
      <>
        <Button
          size="xs"
          variant="subtle"
          loading={recoveringIds.has(contact.id)}
          onClick={() => recoverOne(contact.id)}
        >
          {t('Recover')}
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => askDelete({ one: contact.id })}
        >
          {t('Delete Forever')}
        </Button>
      </>
    );

  return (
    <>
      <Alert color="yellow" variant="light" mb="md" icon={<IconTrash size={20} />}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {t('Contacts that have been in Trash more than 30 days will be deleted forever')}
          </Text>
          <Button
            size="xs"
            variant="white"
            color="red"
            disabled={total === 0}
            onClick={() => askDelete({ empty: true })}
          >
            {t('Empty Trash now')}
          </Button>
        </Group>
      </Alert>
      <Title order={1} fz="h2" mb="md">
        {t('Trash')}{' '}
        {!isPending && (
          <Text span c="dimmed" fz="h3" fw={500}>
            {formatCount(total)}
          </Text>
        )}
      </Title>
      {isPending ? (
        <Center py={80}>
          <Loader role="progressbar" aria-label={t('Loading trash')} />
        </Center>
      ) : error ? (
        <LoadFailure error={error} onRetry={retry} />
      ) : total === 0 ? (
        <EmptyState
          icon={IconTrash}
          title={t('Trash is empty')}
          text={t('Deleted contacts will appear here before being permanently removed')}
          action={t('Create new contact')}
        />
      ) : (
        <>
          {selection.count > 0 && (
            <SelectionHeader selection={selection}>
              <Button
                variant="light"
                leftSection={<IconRestore size={16} />}
                onClick={() => void recoverSelected()}
              >
                {t('Recover')}
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrashX size={16} />}
                onClick={() => askDelete({ chosen: selection.chosen() })}
              >
                {t('Delete forever')}
              </Button>
            </SelectionHeader>
          )}
          <ContactTable
            label={t('Trash')}
            count={total}
            rowAt={rows.rowAt}
            onRange={rows.showRange}
            selection={selection}
            columns={[{ header: t('Date deleted'), render: (c) => formatDeletedDate(c.trashedAt) }]}
            secondary={(c) => t('Deleted {{date}}', { date: formatDeletedDate(c.trashedAt) })}
            actions={rowActions}
          />
        </>
      )}
      <ConfirmDialog
        opened={dialogOpened}
        onClose={() => {
          dialog.close();
          setPending(null);
        }}
        title={t('Delete forever?')}
        text={t("This can't be undone")}
        confirmLabel={t('Delete Forever')}
        onConfirm={deleteConfirmed}
        busy={deleteForever.isPending || deleteManyForever.isPending || empty.isPending}
      />
    </>
  );
}
