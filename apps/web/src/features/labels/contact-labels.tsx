import { Badge, Button, CloseButton, Group, Menu } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLabelChange, useLabels, useLabelsOf } from './api';
import { LABEL_MENU_WIDTH, LabelName } from './label-name';

/**
 * A contact's labels on its page: each can be taken away; "Add label" gives another. Either
 * says so in a toast with Undo.
 */
export function ContactLabels({ contactId, disabled }: { contactId: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const all = useLabels().data ?? [];
  const mine = useLabelsOf(contactId);
  const change = useLabelChange();
  const carried = mine.data ?? [];
  const others = all.filter((label) => !carried.some((c) => c.id === label.id));

  if (all.length === 0 && carried.length === 0) return null;
  return (
    <Group gap="xs" justify="center" aria-label={t('Labels')} role="group">
      {carried.map((label) => (
        <Badge
          key={label.id}
          size="lg"
          variant="light"
          tt="none"
          fw={500}
          maw="100%"
          title={label.name}
          rightSection={
            disabled ? undefined : (
              // Mantine's Pill hides its remove button from keyboards and screen readers.
              <CloseButton
                size="xs"
                variant="transparent"
                aria-label={t('Remove label {{name}}', { name: label.name })}
                onClick={() => void change('remove', label, { contactIds: [contactId] })}
              />
            )
          }
        >
          {label.name}
        </Badge>
      ))}
      {!disabled && others.length > 0 && (
        <Menu withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="subtle" leftSection={<IconPlus size={14} />}>
              {t('Add label')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown maw={LABEL_MENU_WIDTH}>
            {others.map((label) => (
              <Menu.Item
                key={label.id}
                onClick={() => void change('add', label, { contactIds: [contactId] })}
              >
                <LabelName name={label.name} />
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
