import { Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../lib/i18n';
import { SHORTCUTS, type Shortcut } from '../../lib/shortcuts';
import { useFocusReturn } from '../../lib/use-focus-return';

/** The dialog's groups, in the order shown, each with its heading's catalogue key. */
const GROUPS: { where: Shortcut['where']; title: string }[] = [
  { where: 'everywhere', title: i18nKey('Anywhere') },
  { where: 'list', title: i18nKey('In a list of contacts') },
];

/**
 * The keyboard shortcuts dialog (docs/product/screens.md#keyboard): every shortcut of
 * `SHORTCUTS` with its key and what it does, translated, grouped by where it works. Opened by
 * `?` and from the avatar menu; focus goes back where it was when it closes.
 */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useFocusReturn(opened);
  const shortcuts: Shortcut[] = Object.values(SHORTCUTS);
  return (
    <Modal opened={opened} onClose={onClose} title={t('Keyboard shortcuts')} centered>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('Shortcuts work when you are not typing in a field.')}
        </Text>
        {GROUPS.map((group) => (
          <section key={group.where} aria-labelledby={`shortcuts-${group.where}`}>
            <Title order={3} size="h5" mb="xs" id={`shortcuts-${group.where}`}>
              {t(group.title)}
            </Title>
            <Table verticalSpacing={6} withRowBorders={false}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>{t('Key')}</Table.Th>
                  <Table.Th>{t('Action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shortcuts
                  .filter((shortcut) => shortcut.where === group.where)
                  .map((shortcut) => (
                    <Table.Tr key={shortcut.label}>
                      <Table.Td>
                        <Kbd>{shortcut.label}</Kbd>
                      </Table.Td>
                      <Table.Td>{t(shortcut.description)}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
      </Stack>
    </Modal>
  );
}
