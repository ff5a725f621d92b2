import { Center, Container, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/load-failure';
import { useProfile } from './api';
import { DataCard } from './data-card';
import { DeleteAccountCard } from './delete-account-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';
import { CalendarFeedCard } from './calendar-feed-card';
import { RemindersCard } from './reminders-card';

/** /me: profile, reminders, calendar feed, password, sessions, data download, deletion. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.error) return <LoadFailure error={profile.error} />;
  if (!profile.data) {
    return (
      <Center py={80}>
        <Loader aria-label={t('Loading')} />
      </Center>
    );
  }
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Title order={1}>{t('Profile')}</Title>
        <ProfileCard profile={profile.data} />
        <RemindersCard />
        <CalendarFeedCard />
        <PasswordCard />
        <SessionsCard />
        <DataCard />
        <DeleteAccountCard />
      </Stack>
    </Container>
  );
}
