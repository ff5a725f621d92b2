import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/profile-page';
import { i18n } from '../../lib/i18n';

/** /me: the signed-in person's profile and account (issue 7; SPEC §2 named the route). */
export const Route = createFileRoute('/_app/me')({
  head: () => ({ meta: [{ title: `${i18n.t('Profile')} · Kith` }] }),
  component: ProfilePage,
});
