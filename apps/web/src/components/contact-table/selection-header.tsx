import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Selection } from './selection';
import { useTranslation } from 'react-i18next';

/**
 * The header shown while rows are selected (docs/product/screens.md#selection-header):
 * '{n} selected', a menu with 'Select All' and 'Select None', and the bulk actions given.
 */
export function SelectionHeader({
  selection,
  children,
}: {
  selection: Selection;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group
      justify="space-between"
      p="xs"
      mb="sm"
      bg="light-dark(var(--mantine-color-cyan-0), var(--mantine-color-dark-6))"
      style={{ borderRadius: 'var(--mantine-radius-md)', position: 'sticky', top: 68, zIndex: 5 }}
      role="toolbar"
      aria-label={t('Selected contacts')}
    >
      <Group gap={4}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={selection.clear}
          aria-label={t('Clear selection')}
        >
          <IconX size={18} />
        </ActionIcon>
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="subtle" color="dark" rightSection={<IconChevronDown size={16} />}>
              <Text fw={700} size="sm">
                {t('{{count}} selected', { count: selection.count })}
              </Text>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={selection.selectAll}>{t('Select All')}</Menu.Item>
            <Menu.Item onClick={selection.clear}>{t('Select None')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}
