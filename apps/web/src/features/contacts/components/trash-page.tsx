import { ActionIcon, Alert, Button, Center, Group, Loader, Menu, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconDots, IconRestore, IconTrash, IconTrashX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { useContactList, useRefreshContactLists, type Contact } from '../api/contact-lists';
import { withProgress } from '../api/contact-mutations';
import { ConfirmDialog } from './confirm-dialog';
import { ContactTable } from './contact-table';
import { EmptyState } from './empty-state';
import { SelectionHeader } from './selection-header';
import { useSelection } from './selection';

/** SPEC §2: 'Date deleted' as day, full month name, year ("22 November 2026"). */
const deletedDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export function formatDeletedDate(date: Date | string | null): string {
  return date ? deletedDate.format(new Date(date)) : '';
}

type PendingDelete = { ids: string[]; all?: boolean } | null;

/**
 * The Trash screen (SPEC §2): the 30-day banner with 'Empty Trash now', Name and 'Date
 * deleted', Recover and Delete Forever per row (a menu on small screens) and in bulk, and the
 * 'Delete forever?' dialog before anything is deleted.
 */
export function TrashPage() {
  const { items, total, isPending, error } = useContactList('trash');
  const ids = useMemo(() => items.map((c) => c._id), [items]);
  const selection = useSelection(ids);
  const [pending, setPending] = useState<PendingDelete>(null);
  const [dialogOpened, dialog] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const refresh = useRefreshContactLists();
  const recover = trpc.trash.recover.useMutation();
  const recoverMany = trpc.trash.recoverMany.useMutation();
  const remove = trpc.trash.delete.useMutation();
  const removeMany = trpc.trash.deleteMany.useMutation();
  const empty = trpc.trash.empty.useMutation();

  const afterChange = async (done: unknown) => {
    if (done) {
      selection.clear();
      await refresh();
    }
  };

  const recoverContacts = async (contactIds: string[]) =>
    afterChange(
      contactIds.length === 1
        ? await withProgress(
            () => recover.mutateAsync({ id: contactIds[0]! }),
            () => 'Contact recovered',
          )
        : await withProgress(
            () => recoverMany.mutateAsync({ contactIds }),
            () => 'Contacts recovered',
          ),
    );

  const askDelete = (next: PendingDelete) => {
    setPending(next);
    dialog.open();
  };

  const deleteConfirmed = async () => {
    dialog.close();
    if (!pending) return;
    if (pending.all) {
      await afterChange(
        await withProgress(
          () => empty.mutateAsync(),
          () => 'Trash emptied',
        ),
      );
    } else if (pending.ids.length === 1) {
      await afterChange(
        await withProgress(
          () => remove.mutateAsync({ id: pending.ids[0]! }),
          () => 'Contact Deleted',
        ),
      );
    } else {
      const contactIds = pending.ids;
      await afterChange(
        await withProgress(
          () => removeMany.mutateAsync({ contactIds }),
          (r) => `${r.ids.length} contacts deleted`,
        ),
      );
    }
    setPending(null);
  };

  const rowActions = (contact: Contact) =>
    phone ? (
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${contact.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconRestore size={16} />}
            onClick={() => recoverContacts([contact._id])}
          >
            Recover
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrashX size={16} />}
            onClick={() => askDelete({ ids: [contact._id] })}
          >
            Delete Forever
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    ) : (
      <>
        <Button size="xs" variant="subtle" onClick={() => recoverContacts([contact._id])}>
          Recover
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => askDelete({ ids: [contact._id] })}
        >
          Delete Forever
        </Button>
      </>
    );

  return (
    <>
      <Alert color="yellow" variant="light" mb="md" icon={<IconTrash size={20} />}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            Contacts that have been in Trash more than 30 days will be deleted forever
          </Text>
          <Button
            size="xs"
            variant="white"
            color="red"
            disabled={items.length === 0}
            onClick={() => askDelete({ ids: [], all: true })}
          >
            Empty Trash now
          </Button>
        </Group>
      </Alert>
      <Title order={1} fz="h2" mb="md">
        Trash{' '}
        {!isPending && (
          <Text span c="dimmed" fz="h3" fw={500}>
            {total}
          </Text>
        )}
      </Title>
      {isPending ? (
        <Center py={80}>
          <Loader aria-label="Loading trash" />
        </Center>
      ) : error ? (
        <Text c="red.8" role="alert">
          {errorMessage(error, 'An unexpected error occurred. Please try again later.')}
        </Text>
      ) : items.length === 0 ? (
        <EmptyState
          icon={IconTrash}
          title="Trash is empty"
          text="Deleted contacts will appear here before being permanently removed"
          action="Create new contact"
        />
      ) : (
        <>
          {selection.count > 0 && (
            <SelectionHeader selection={selection}>
              <Button
                variant="light"
                leftSection={<IconRestore size={16} />}
                onClick={() => recoverContacts([...selection.selected])}
              >
                Recover
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrashX size={16} />}
                onClick={() => askDelete({ ids: [...selection.selected] })}
              >
                Delete forever
              </Button>
            </SelectionHeader>
          )}
          <ContactTable
            label="Trash"
            contacts={items}
            selection={selection}
            columns={[{ header: 'Date deleted', render: (c) => formatDeletedDate(c.trashedAt) }]}
            secondary={(c) => `Deleted ${formatDeletedDate(c.trashedAt)}`}
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
        title="Delete forever?"
        text="This can't be undone"
        confirmLabel="Delete Forever"
        onConfirm={deleteConfirmed}
        busy={remove.isPending || removeMany.isPending || empty.isPending}
      />
    </>
  );
}
