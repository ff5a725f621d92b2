import { Center, Container, Loader, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/load-failure';
import { useProfile } from './api';
import { DataCard } from './data-card';
import { DeleteAccountCard } from './delete-account-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';

/**
 * /me: the profile, then `children` (other features' cards, which the route composes: the
 * reminders, the calendar feed, Undo changes, Sign-in security and API tokens), then password,
 * sessions, data download and deletion.
 */
export function ProfilePage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.error) return <LoadFailure error={profile.error} />;
  if (!profile.data) {
    return (
      <Center py={80}>
        <Loader role="progressbar" aria-label={t('Loading')} />
      </Center>
    );
  }
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('Profile')}</Title>
        <ProfileCard profile={profile.data} />
        {children}
        <PasswordCard />
        <SessionsCard />
        <DataCard />
        <DeleteAccountCard />
      </Stack>
    </Container>
  );
}
