import { i18n, i18nKey } from '../lib/i18n';
import { Suspense, useEffect } from 'react';
import { homeScreen, landingScreen } from './-screens';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { contactWindowQueryOptions, savedSort } from '../lib/contact-lists';
import { mayHaveSession, useSessionUser } from '../lib/session';
import { GUARD_DELAY_MS, wait } from '../lib/timing';
import { sendPendingToVerify } from './-guards';

/**
 * `/` is the landing page for visitors and the contacts list for a signed-in person
 * (docs/product/screens.md#public-routes). A visitor with an email waiting for its code is sent
 * to /verify (docs/product/screens.md#route-guards).
 */
export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: i18n.t(i18nKey('Kith — your private address book')) }] }),
  // With no session cookie the pending-verification check runs after paint (IndexPage).
  beforeLoad: ({ context }) => (mayHaveSession() ? sendPendingToVerify(context) : undefined),
  // Starts the list and the screen's code together, rather than one after the other, and
  // waits for the code: a lazy screen that suspends is revealed no sooner than 300 ms after
  // (React's fallback throttle), which held the first rows back that long.
  loader: async ({ context }) => {
    if (context.session) {
      void context.queryClient.prefetchQuery(
        contactWindowQueryOptions(context.api, 'contacts', savedSort(context.queryClient)),
      );
      await homeScreen.load();
    } else {
      await landingScreen.load();
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
  return <Suspense>{session ? <homeScreen.Component /> : <landingScreen.Component />}</Suspense>;
}
