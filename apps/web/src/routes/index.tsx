import { createFileRoute, redirect } from '@tanstack/react-router';
import { PublicLayout } from '../components/layout/public-layout';
import { AppShellLayout } from '../features/app-shell/app-shell-layout';
import { contactListQueryOptions } from '../features/contacts/api/contact-lists';
import { ContactListPage } from '../features/contacts/components/contact-list-page';
import { LandingPage } from '../features/landing/landing-page';
import { GUARD_DELAY_MS, wait } from '../lib/timing';

/**
 * `/` is the landing page for visitors and the contacts list for a signed-in person (SPEC §2).
 * A visitor with an email waiting for its code is sent to /verify (SPEC §2 "Route guards").
 */
export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: 'Kith — your private address book' }] }),
  beforeLoad: async ({ context }) => {
    if (context.session) return;
    const pending = await context.api.auth.pendingVerification.query().catch(() => null);
    if (pending) {
      await wait(GUARD_DELAY_MS);
      throw redirect({ to: '/verify', replace: true });
    }
  },
  // Starts the list while the screen's code loads, rather than after.
  loader: ({ context }) => {
    if (context.session)
      void context.queryClient.prefetchInfiniteQuery(
        contactListQueryOptions(context.api, 'contacts'),
      );
  },
  component: IndexPage,
});

function IndexPage() {
  const { session } = Route.useRouteContext();
  if (session) {
    return (
      <AppShellLayout>
        <ContactListPage list="contacts" />
      </AppShellLayout>
    );
  }
  return (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  );
}
