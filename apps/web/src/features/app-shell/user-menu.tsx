import { Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconMessage, IconUser } from '@tabler/icons-react';
import { Link, useRouteContext } from '@tanstack/react-router';
import { InitialsAvatar } from '../../components/initials-avatar';
import { FeedbackDialog } from './feedback-dialog';
import { SignOutDialog } from './sign-out-dialog';

/**
 * The avatar menu (SPEC §2): Profile, Feedback and Sign Out, under the signed-in person's own
 * name and an initials avatar drawn locally.
 */
export function UserMenu() {
  const { session } = useRouteContext({ from: '__root__' });
  const [feedbackOpened, feedback] = useDisclosure(false);
  const [signOutOpened, signOut] = useDisclosure(false);
  const name = session?.name ?? '';

  return (
    <>
      <Menu position="bottom-end" width={200} withinPortal>
        <Menu.Target>
          {/* Named by its content (WCAG 2.5.3): the visible name, said on phones too. */}
          <UnstyledButton>
            <Group gap="xs" wrap="nowrap">
              <InitialsAvatar name={name} size={36} decorative />
              <Text component="span" fw={600} size="sm" visibleFrom="sm" maw={160} truncate>
                {name}
              </Text>
              <VisuallyHidden component="span" hiddenFrom="sm">
                {name}
              </VisuallyHidden>
              <VisuallyHidden component="span">, account menu</VisuallyHidden>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{session?.email}</Menu.Label>
          <Menu.Item component={Link} to="/me" leftSection={<IconUser size={16} />}>
            Profile
          </Menu.Item>
          <Menu.Item leftSection={<IconMessage size={16} />} onClick={feedback.open}>
            Feedback
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut.open}>
            Sign Out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <FeedbackDialog opened={feedbackOpened} onClose={feedback.close} />
      <SignOutDialog opened={signOutOpened} onClose={signOut.close} />
    </>
  );
}
