import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { LoadFailure } from '../components/load-failure';
import { sessionQueryOptions, useSessionUser } from '../lib/session';
import { useAccountPreferences } from '../lib/preferences';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  /** SPEC §4 "Session": the check runs once at start; every route then knows who is signed in. */
  beforeLoad: async ({ context }) => ({
    session: await context.queryClient.ensureQueryData(sessionQueryOptions(context.api)),
  }),
  pendingComponent: FullPageLoader,
  // Anything a screen fails to render shows our failure page, never a blank or raw error.
  errorComponent: ({ error }) => <LoadFailure error={error} />,
  pendingMs: 0,
  component: RootLayout,
});

function RootLayout() {
  useAccountPreferences(useSessionUser());
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}
