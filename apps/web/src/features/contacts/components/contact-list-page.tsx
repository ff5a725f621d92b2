import { ActionIcon, Button, Center, Group, Loader, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconPencil,
  IconStar,
  IconStarFilled,
  IconStars,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { errorMessage } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { useContactList, useRefreshContactLists, type Contact } from '../api/contact-lists';
import { useToggleFavorite, withProgress } from '../api/contact-mutations';
import { ConfirmDialog } from './confirm-dialog';
import { ContactTable } from './contact-table';
import { EmptyState } from './empty-state';
import { SelectionHeader } from './selection-header';
import { useSelection } from './selection';

const copy = {
  contacts: {
    title: 'Contacts',
    empty: {
      icon: IconUsers,
      title: 'No contacts yet',
      text: 'Start building your network by adding your first contact',
      action: 'Create contact',
    },
  },
  favorites: {
    title: 'Favorites',
    empty: {
      icon: IconStars,
      title: 'No favorites yet',
      text: 'Mark contacts as favorites to keep them close at hand',
      action: 'Add first contact',
    },
  },
} as const;

/**
 * The Contacts and Favorites screens (SPEC §2): title with the count, spinner while loading,
 * the empty state, the table, and the selection header with bulk trash.
 */
export function ContactListPage({ list }: { list: 'contacts' | 'favorites' }) {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { items, total, isPending, error } = useContactList(list);
  const ids = useMemo(() => items.map((c) => c._id), [items]);
  const selection = useSelection(ids);
  const [confirmOpened, confirm] = useDisclosure(false);
  const toggleFavorite = useToggleFavorite();
  const trashMany = trpc.trash.addMany.useMutation();
  const refresh = useRefreshContactLists();
  const text = copy[list];

  const open = (contact: Contact) =>
    navigate({ to: '/person/$id', params: { id: contact._id }, state: { from: pathname } });

  const trashSelected = async () => {
    const contactIds = [...selection.selected];
    confirm.close();
    const result = await withProgress(
      () => trashMany.mutateAsync({ contactIds }),
      (r) => `${r.ids.length} add to trash`,
    );
    if (result) {
      selection.clear();
      await refresh();
    }
  };

  if (isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading contacts" />
      </Center>
    );
  }
  if (error) {
    return (
      <Text c="red.8" role="alert" py="xl">
        {errorMessage(error, 'An unexpected error occurred. Please try again later.')}
      </Text>
    );
  }

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} fz="h2">
          {text.title}{' '}
          <Text span c="dimmed" fz="h3" fw={500}>
            {total}
          </Text>
        </Title>
      </Group>
      {items.length === 0 ? (
        <EmptyState {...text.empty} />
      ) : (
        <>
          {selection.count > 0 && (
            <SelectionHeader selection={selection}>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={confirm.open}
              >
                Move to trash
              </Button>
            </SelectionHeader>
          )}
          <ContactTable
            label={text.title}
            contacts={items}
            selection={selection}
            onOpen={open}
            columns={[
              { header: 'Email', render: (c) => c.email },
              { header: 'Phone', render: (c) => c.phone },
            ]}
            secondary={(c) => c.phone || c.email}
            actions={(contact) => (
              <>
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit ${contact.name}`}
                    onClick={() =>
                      navigate({
                        to: '/person/edit/$id',
                        params: { id: contact._id },
                        state: { from: pathname },
                      })
                    }
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={contact.isFavorite ? 'Remove from favorites' : 'Add to favorites'}>
                  <ActionIcon
                    variant="subtle"
                    color={contact.isFavorite ? 'yellow.8' : 'gray'}
                    aria-label={
                      contact.isFavorite
                        ? `Remove ${contact.name} from favorites`
                        : `Add ${contact.name} to favorites`
                    }
                    aria-pressed={contact.isFavorite}
                    onClick={() =>
                      toggleFavorite.mutate({ id: contact._id, isFavorite: !contact.isFavorite })
                    }
                  >
                    {contact.isFavorite ? <IconStarFilled size={18} /> : <IconStar size={18} />}
                  </ActionIcon>
                </Tooltip>
              </>
            )}
          />
        </>
      )}
      <ConfirmDialog
        opened={confirmOpened}
        onClose={confirm.close}
        title="Delete selected contacts?"
        text="These contacts will be permanently deleted from this account after 30 days."
        confirmLabel="Move To Trash"
        onConfirm={trashSelected}
        busy={trashMany.isPending}
      />
    </>
  );
}
