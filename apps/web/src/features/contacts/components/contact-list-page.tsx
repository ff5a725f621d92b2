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
import { useNavigate, useRouterState } from '@tanstack/react-router';
import type { BulkContactsInput } from '@kith/validators';
import type { ReactNode } from 'react';
import { withProgress } from '../../../lib/notify';
import { useContactList, type Contact } from '../../../lib/contact-lists';
import { useToggleFavorite } from '../api/favorites';
import { useLetterIndex, useMoveManyToTrash } from '../api/contacts';
import { LoadFailure } from '../../../components/load-failure';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContactTable } from '../../../components/contact-table/contact-table';
import { EmptyState } from '../../../components/empty-state';
import { SelectionHeader } from '../../../components/contact-table/selection-header';
import { useSelection, type Selection } from '../../../components/contact-table/selection';
import { SortMenu } from './sort-menu';
import { ExportMenu, type ExportScope } from './export-menu';
import { useTranslation } from 'react-i18next';
import { useToastsBelow } from '../../../lib/use-toasts-below';
import { i18nKey } from '../../../lib/i18n';
import { contactName, shownName } from '../../../lib/contact-name';

/** The preferred (first) email and phone, as the list's columns show them. */
const firstEmail = (contact: Contact) => contact.emails[0]?.value ?? '';
const firstPhone = (contact: Contact) => contact.phones[0]?.value ?? '';

/**
 * What other features add to a list, given by its route (a feature never imports another).
 */
export interface ContactListParts {
  /** Beside the title of a label's list: what can be done to the label. */
  labelActions?: (label: { id: string; name: string }) => ReactNode;
  /** First in the selection header: more bulk actions on the selected contacts. */
  bulkActions?: (chosen: () => BulkContactsInput) => ReactNode;
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
 * count and the sort menu, spinner while loading, the empty state, the table, and the
 * selection header with bulk labels and trash.
 */
export function ContactListPage({
  list,
  labelId,
  parts = {},
}: {
  list: 'contacts' | 'favorites' | 'label';
  labelId?: string;
  parts?: ContactListParts;
}) {
  const { t } = useTranslation();
  const toastsBelow = useToastsBelow<HTMLDivElement>();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const rows = useContactList(list, labelId);
  const { total, label, isPending, error, retry } = rows;
  const selection = useSelection(
    { list: list === 'favorites' ? 'favorites' : 'contacts', labelId },
    total,
  );
  const letters = useLetterIndex(list, labelId, total);
  const [confirmOpened, confirm] = useDisclosure(false);
  const toggleFavorite = useToggleFavorite();
  const trashMany = useMoveManyToTrash();
  const text = copy[list];

  const open = (contact: Contact) =>
    navigate({ to: '/person/$id', params: { id: contact.id }, state: { from: pathname } });

  const trashSelected = async () => {
    const chosen = selection.chosen();
    confirm.close();
    const result = await withProgress(
      () => trashMany.mutateAsync(chosen),
      (r) => t('{{count}} add to trash', { count: r.ids.length }),
      'trash',
    );
    if (result) selection.clear();
  };

  if (isPending) {
    return (
      <Center py={80}>
        <Loader aria-label={t('Loading contacts')} />
      </Center>
    );
  }
  if (error) return <LoadFailure error={error} onRetry={retry} />;

  return (
    // Room at the right for the A-Z rail, fixed at the screen's edge.
    <Box pr={letters ? 16 : 0}>
      <Group ref={toastsBelow} justify="space-between" mb="md">
        <Title order={1} fz="h2">
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
            letters={letters}
            selection={selection}
            onOpen={open}
            columns={[
              { header: t('Email'), render: firstEmail, title: firstEmail },
              { header: t('Phone'), render: firstPhone, title: firstPhone },
            ]}
            secondary={(c) => firstPhone(c) || firstEmail(c)}
            actions={(contact) => (
              <>
                <Tooltip label={t('Edit')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('Edit {{name}}', { name: shownName(contactName(contact), t) })}
                    onClick={() =>
                      navigate({
                        to: '/person/edit/$id',
                        params: { id: contact.id },
                        state: { from: pathname },
                      })
                    }
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
            )}
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
