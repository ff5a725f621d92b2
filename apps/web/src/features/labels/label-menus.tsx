import type { BulkContactsInput } from '@kith/validators';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconPencil, IconTag, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LABEL_MENU_WIDTH, LabelName } from './label-name';
import { LabelNameDialog } from './label-name-dialog';
import { useDeleteLabel, useLabelChange, useLabelEditing, useLabels } from './api';

/** The label screen's menu: rename the label, or delete it (its contacts stay). */
export function LabelActions({ label }: { label: { id: string; name: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [renameOpened, renameDialog] = useDisclosure(false);
  const [deleteOpened, deleteDialog] = useDisclosure(false);
  const { rename, error, clearError } = useLabelEditing();
  const remove = useDeleteLabel({
    onSuccess: async () => {
      deleteDialog.close();
      notifySuccess('Label deleted');
      await navigate({ to: '/' });
    },
    onError: (failure) => notifyError(failure),
  });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={t('Label actions')}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconPencil size={16} />}
            onClick={() => {
              clearError();
              renameDialog.open();
            }}
          >
            {t('Rename label')}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={deleteDialog.open}>
            {t('Delete label')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <LabelNameDialog
        opened={renameOpened}
        title={t('Rename label')}
        initialName={label.name}
        busy={rename.isPending}
        error={error}
        onClose={renameDialog.close}
        onSubmit={(name) =>
          rename.mutate({ id: label.id, name }, { onSuccess: () => renameDialog.close() })
        }
      />
      <ConfirmDialog
        opened={deleteOpened}
        onClose={deleteDialog.close}
        title={t('Delete this label?')}
        text={t('The contacts keep everything else; only the label goes.')}
        confirmLabel={t('Delete label')}
        onConfirm={() => remove.mutate({ id: label.id })}
        busy={remove.isPending}
      />
    </>
  );
}

/**
 * The selection header's Labels menu: give the selected contacts a label, or take it away; the
 * toast offers Undo.
 */
export function BulkLabelMenu({ chosen }: { chosen: () => BulkContactsInput }) {
  const { t } = useTranslation();
  const labels = useLabels().data ?? [];
  const labelChange = useLabelChange();
  const change = (mode: 'add' | 'remove', label: { id: string; name: string }) =>
    labelChange(mode, label, chosen());
  if (labels.length === 0) return null;

  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="light" leftSection={<IconTag size={16} />}>
          {t('Labels')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown maw={LABEL_MENU_WIDTH}>
        <Menu.Label>{t('Add to label')}</Menu.Label>
        {labels.map((label) => (
          <Menu.Item key={`add-${label.id}`} onClick={() => void change('add', label)}>
            <LabelName name={label.name} />
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('Remove from label')}</Menu.Label>
        {labels.map((label) => (
          <Menu.Item key={`remove-${label.id}`} onClick={() => void change('remove', label)}>
            <LabelName name={label.name} />
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
