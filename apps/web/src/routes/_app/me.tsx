import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/account/profile-page';
import { ApiTokensCard } from '../../features/api-tokens/api-tokens-card';
import { UndoChangesCard } from '../../features/history/undo-changes/undo-changes-card';
import { CalendarFeedCard } from '../../features/reminders/calendar-feed-card';
import { RemindersCard } from '../../features/reminders/reminders-card';
import { SignInSecurityCard } from '../../features/sign-in-security/sign-in-security-card';

/** /me: the signed-in person's profile and account (docs/product/screens.md#signed-in-routes). */
export const Route = createFileRoute('/_app/me')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Profile')) }] }),
  component: () => (
    <ProfilePage>
      <RemindersCard />
      <CalendarFeedCard />
      <UndoChangesCard />
      {/* Last, so they sit above the password card: sign-in matters together. */}
      <SignInSecurityCard />
      <ApiTokensCard />
    </ProfilePage>
  ),
});
