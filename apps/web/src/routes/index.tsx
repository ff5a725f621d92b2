import { i18n, i18nKey } from '../lib/i18n';
import { lazy, Suspense, useEffect } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { contactListQueryOptions, savedSort } from '../lib/contact-lists';
import { mayHaveSession, useSessionUser } from '../lib/session';
import { GUARD_DELAY_MS, wait } from '../lib/timing';
import { sendPendingToVerify } from './-guards';

// Visitors and signed-in people see different screens, so each loads only its own code.
const loadHome = () => import('../features/contacts/components/home-contacts');
const loadLanding = () => import('../features/landing/home-landing');
const HomeContacts = lazy(loadHome);
const HomeLanding = lazy(loadLanding);

/**
 * `/` is the landing page for visitors and the contacts list for a signed-in person (SPEC §2).
 * A visitor with an email waiting for its code is sent to /verify (SPEC §2 "Route guards").
 */
export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: i18n.t(i18nKey('Kith — your private address book')) }] }),
  // With no session cookie the pending-verification check runs after paint (IndexPage).
  beforeLoad: ({ context }) => (mayHaveSession() ? sendPendingToVerify(context) : undefined),
  // Starts the list and the screen's code together, rather than one after the other.
  loader: ({ context }) => {
    if (context.session) {
      void loadHome();
      void context.queryClient.prefetchInfiniteQuery(
        contactListQueryOptions(context.api, 'contacts', savedSort(context.queryClient)),
      );
    } else {
      void loadLanding();
    }
  },
  component: IndexPage,
});

function IndexPage() {
  // The session as it is now: a visitor's page may have painted before the check finished.
  const session = useSessionUser();
  const { api } = Route.useRouteContext();
  const navigate = useNavigate();
  useEffect(() => {
    if (session || mayHaveSession()) return;
    let live = true;
    void api.auth.pendingVerification
      .query()
      .catch(() => null)
      .then(async (pending) => {
        if (!pending || !live) return;
        await wait(GUARD_DELAY_MS);
        if (live) void navigate({ to: '/verify', replace: true });
      });
    return () => {
      live = false;
    };
  }, [session, api, navigate]);
  return <Suspense>{session ? <HomeContacts /> : <HomeLanding />}</Suspense>;
}
