import { formatCount } from '../../../lib/format';
import {
  ActionIcon,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconPencil,
  IconStar,
  IconStarFilled,
  IconStars,
  IconTag,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import type { BulkContactsInput } from '@kith/validators';
import type { ReactNode } from 'react';
import { useContactList, type ContactListItem } from '../../../lib/contact-lists';
import { useToggleFavorite } from '../api/favorites';
import { useLetterIndex } from '../api/contacts';
import { useCompactRows } from '../../../lib/preferences';
import { useTrashWithUndo } from '../api/list-trash';
import { useLetterHeaders } from '../api/letter-headers';
import { useState } from 'react';
import { LoadFailure } from '../../../components/load-failure';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContactTable } from '../../../components/contact-table/contact-table';
import { EmptyState } from '../../../components/empty-state';
import { SelectionHeader } from '../../../components/contact-table/selection-header';
import { useSelection, type Selection } from '../../../components/contact-table/selection';
import { SortMenu } from './sort-menu';
import { ExportMenu, type ExportScope } from './export-menu';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../../lib/i18n';
import { contactName, shownName } from '../../../lib/contact-name';

/** The preferred (first) email and phone, as the list's columns show them. */
const firstEmail = (contact: ContactListItem) => contact.email;
const firstPhone = (contact: ContactListItem) => contact.phone;

/**
 * What other features add to a list, given by its route (a feature never imports another).
 */
export interface ContactListParts {
  /** Beside the title of a label's list: what can be done to the label. */
  labelActions?: (label: { id: string; name: string }) => ReactNode;
  /** First in the selection header: more bulk actions on the selected contacts. */
  bulkActions?: (chosen: () => BulkContactsInput) => ReactNode;
}

/**
 * A list shown in the left pane beside an open contact (docs/product/screens.md#two-panes).
 */
export interface ListPane {
  /** The path of the list the pane shows (`/`, `/favorite`, `/label/:id`): rows open with it. */
  path: string;
  /** The contact open beside the list, highlighted in it. */
  activeId?: string;
  /** The pane's element, which scrolls the list. */
  scroller: HTMLElement;
}

const copy = {
  contacts: {
    title: i18nKey('Contacts'),
    empty: {
      icon: IconUsers,
      title: i18nKey('No contacts yet'),
      text: i18nKey('Start building your network by adding your first contact'),
      action: i18nKey('Create contact'),
    },
  },
  favorites: {
    title: i18nKey('Favorites'),
    empty: {
      icon: IconStars,
      title: i18nKey('No favorites yet'),
      text: i18nKey('Mark contacts as favorites to keep them close at hand'),
      action: i18nKey('Add first contact'),
    },
  },
  label: {
    title: '',
    empty: {
      icon: IconTag,
      title: i18nKey('No contacts with this label yet'),
      text: i18nKey('Give contacts this label from their page, or select several in your list.'),
      action: i18nKey('Create contact'),
    },
  },
} as const;

/**
 * The Contacts, Favorites and label screens (docs/product/screens.md#contacts-list): title with the
 * count and the sort menu, spinner while loading, the empty state, the table (letter headers when
 * sorted by name, compact rows when chosen), and the selection header with bulk labels and
 * trash, whose toast offers Undo. With `pane`, the list is the left pane beside an open contact
 * (docs/product/screens.md#two-panes).
 */
export function ContactListPage({
  list,
  labelId,
  parts = {},
  pane,
}: {
  list: 'contacts' | 'favorites' | 'label';
  labelId?: string;
  parts?: ContactListParts;
  pane?: ListPane;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const router = useRouter();
  const currentPath = useRouterState({ select: (s) => s.location.pathname });
  // Rows opened from the pane carry the list's own path, so the contact's Back returns to it.
  const pathname = pane?.path ?? currentPath;
  const rows = useContactList(list, labelId);
  const { total, label, isPending, error, retry } = rows;
  const selection = useSelection(
    { list: list === 'favorites' ? 'favorites' : 'contacts', labelId },
    total,
  );
  const letters = useLetterIndex(list, labelId, total);
  const headers = useLetterHeaders(list, labelId, total);
  const [compact] = useCompactRows();
  const [confirmOpened, confirm] = useDisclosure(false);
  // The one contact `#` asks to move to the trash, while its confirmation is open.
  const [toTrash, setToTrash] = useState<ContactListItem | null>(null);
  const toggleFavorite = useToggleFavorite();
  const trashMany = useTrashWithUndo();
  const text = copy[list];

  /**
   * Goes to a contact's page or edit form, once: a second click, or Enter, on a row whose
   * page is already open or on its way adds no second history entry, so Back leaves it at once
   * (docs/product/screens.md#two-panes).
   */
  const go = (to: '/person/$id' | '/person/edit/$id', contact: ContactListItem) => {
    const path = to.replace('$id', contact.id);
    if (router.history.location.pathname === path) return;
    // In two panes the window scrolls the contact's pane; the list keeps its own place.
    void navigate({ to, params: { id: contact.id }, state: { from: pathname } });
  };
  const open = (contact: ContactListItem) => go('/person/$id', contact);
  const edit = (contact: ContactListItem) => go('/person/edit/$id', contact);

  const trashSelected = async () => {
    if (await trashMany.trash(selection.chosen())) selection.clear();
    confirm.close();
  };
  const trashOne = async () => {
    if (!toTrash) return;
    const contact = toTrash;
    await trashMany.trash({ contactIds: [contact.id] });
    setToTrash(null);
    // The open contact went: its pane closes, back to the list alone.
    if (pane?.activeId === contact.id) void navigate({ to: pane.path });
  };

  // The rows wait for their letter headers too: drawn before them, they would jump down (and
  // an End or a jump already made would land elsewhere).
  if (isPending || !headers.settled) {
    return (
      <Center py={80}>
        <Loader role="progressbar" aria-label={t('Loading contacts')} />
      </Center>
    );
  }
  if (error) return <LoadFailure error={error} onRetry={retry} />;

  return (
    // Room at the right for the A-Z rail, fixed at the screen's edge (none in a pane).
    <Box pr={letters && !pane ? 16 : 0}>
      <Group justify="space-between" mb="md">
        {/* Beside an open contact, the contact's name is the page's heading. */}
        <Title order={pane ? 2 : 1} fz="h2">
          {label ? label.name : t(text.title)}{' '}
          <Text span c="dimmed" fz="h3" fw={500}>
            {formatCount(total)}
          </Text>
        </Title>
        <Group gap="xs">
          {total > 1 && <SortMenu />}
          {total > 0 && (
            <ExportMenu
              scope={
                label ? { labelId: label.id } : list === 'favorites' ? { favorites: true } : {}
              }
            />
          )}
          {label && parts.labelActions?.(label)}
        </Group>
      </Group>
      {total === 0 ? (
        <EmptyState {...text.empty} />
      ) : (
        <>
          {selection.count > 0 && (
            <SelectionHeader selection={selection}>
              {parts.bulkActions?.(selection.chosen)}
              <ExportMenu scope={selectedScope(selection, list, label?.id)} compact />
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={confirm.open}
              >
                {t('Move to trash')}
              </Button>
            </SelectionHeader>
          )}
          <ContactTable
            label={label ? label.name : t(text.title)}
            count={total}
            rowAt={rows.rowAt}
            onRange={rows.showRange}
            letters={pane ? undefined : letters}
            letterHeaders={headers.letters}
            compact={compact}
            selection={selection}
            onOpen={open}
            onEdit={edit}
            onTrash={setToTrash}
            activeId={pane?.activeId}
            scrollElement={pane?.scroller}
            narrow={Boolean(pane)}
            columns={
              pane
                ? []
                : [
                    { header: t('Email'), render: firstEmail, title: firstEmail },
                    { header: t('Phone'), render: firstPhone, title: firstPhone },
                  ]
            }
            secondary={(c) => firstPhone(c) || firstEmail(c)}
            // The pane is narrow: its rows are names alone, the contact beside has the actions.
            actions={(contact) =>
              pane ? null : (
                <>
                  <Tooltip label={t('Edit')}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('Edit {{name}}', { name: shownName(contactName(contact), t) })}
                      onClick={() => edit(contact)}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip
                    label={contact.isFavorite ? t('Remove from favorites') : t('Add to favorites')}
                  >
                    <ActionIcon
                      variant="subtle"
                      color={contact.isFavorite ? 'yellow.8' : 'gray'}
                      aria-label={
                        contact.isFavorite
                          ? t('Remove {{name}} from favorites', {
                              name: shownName(contactName(contact), t),
                            })
                          : t('Add {{name}} to favorites', {
                              name: shownName(contactName(contact), t),
                            })
                      }
                      aria-pressed={contact.isFavorite}
                      onClick={() =>
                        toggleFavorite.mutate({ id: contact.id, isFavorite: !contact.isFavorite })
                      }
                    >
                      {contact.isFavorite ? <IconStarFilled size={18} /> : <IconStar size={18} />}
                    </ActionIcon>
                  </Tooltip>
                </>
              )
            }
          />
        </>
      )}
      <ConfirmDialog
        opened={confirmOpened}
        onClose={confirm.close}
        title={t('Delete selected contacts?')}
        text={t('These contacts will be permanently deleted from this account after 30 days.')}
        confirmLabel={t('Move To Trash')}
        onConfirm={trashSelected}
        busy={trashMany.isPending}
      />
      <ConfirmDialog
        opened={toTrash !== null}
        onClose={() => setToTrash(null)}
        title={t('Delete from contacts?')}
        text={t('This contact will be permanently deleted from this account after 30 days.')}
        confirmLabel={t('Move To Trash')}
        onConfirm={trashOne}
        busy={trashMany.isPending}
      />
    </Box>
  );
}

/** What the selection's export covers: the ticked rows, or the whole list but the unticked. */
function selectedScope(
  selection: Selection,
  list: 'contacts' | 'favorites' | 'label',
  labelId: string | undefined,
): ExportScope {
  const chosen = selection.chosen();
  if ('contactIds' in chosen) return { contactIds: chosen.contactIds };
  return {
    favorites: list === 'favorites' || undefined,
    labelId,
    exceptIds: chosen.all.exceptIds?.length ? chosen.all.exceptIds : undefined,
  };
}
