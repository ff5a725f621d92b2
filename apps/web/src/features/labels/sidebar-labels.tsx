import { Badge, Group, NavLink, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTag } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format';
import { LabelName } from './label-name';
import { LabelNameDialog } from './label-name-dialog';
import { useLabelEditing, useLabels } from './api';

/** The sidebar's labels, each with its count and a link to its contacts, and "Create label". */
export function SidebarLabels({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = useLabels().data ?? [];
  const [opened, dialog] = useDisclosure(false);
  const { create, error, clearError } = useLabelEditing();

  return (
    <nav aria-labelledby="sidebar-labels-heading">
      <Group justify="space-between" mt="lg" mb={4} px="sm">
        <Text id="sidebar-labels-heading" size="xs" fw={700} tt="uppercase" c="dimmed">
          {t('Labels')}
        </Text>
        <UnstyledButton
          aria-label={t('Create label')}
          onClick={() => {
            clearError();
            dialog.open();
          }}
        >
          <IconPlus size={16} />
        </UnstyledButton>
      </Group>
      {labels.map((label) => (
        <NavLink
          key={label.id}
          renderRoot={(props) => <Link {...props} to="/label/$id" params={{ id: label.id }} />}
          label={<LabelName name={label.name} />}
          leftSection={<IconTag size={18} stroke={1.6} />}
          rightSection={
            <Badge
              size="sm"
              variant="light"
              aria-label={t('{{count}} contacts', { count: label.count })}
            >
              {formatCount(label.count)}
            </Badge>
          }
          active={pathname === `/label/${label.id}`}
        />
      ))}
      <LabelNameDialog
        opened={opened}
        title={t('Create label')}
        busy={create.isPending}
        error={error}
        onClose={dialog.close}
        onSubmit={(name) =>
          create.mutate(
            { name },
            {
              onSuccess: (label) => {
                dialog.close();
                void navigate({ to: '/label/$id', params: { id: label.id } });
              },
            },
          )
        }
      />
    </nav>
  );
}
