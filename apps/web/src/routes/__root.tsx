import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { LoadFailure } from '../components/load-failure';
import { mayHaveSession, sessionQueryOptions, useSessionUser } from '../lib/session';
import { useAccountPreferences } from '../lib/preferences';
import type { RouterContext } from '../router';

/** Pages a visitor may see: with no session cookie they paint before the session check ends. */
const PUBLIC_PATHS = new Set(['/', '/help', '/privacy', '/terms', '/contact']);

export const Route = createRootRouteWithContext<RouterContext>()({
  /**
   * SPEC §4 "Session": the check runs once at start; every route then knows who is signed in.
   * A public page opened by a browser with no session cookie paints at once as a visitor's
   * (issue 19: three auth calls ran before the landing page's first paint); the check still
   * runs, after paint, and `/` shows the contacts if it finds a session after all.
   */
  beforeLoad: async ({ context, location }) => {
    const options = sessionQueryOptions(context.api);
    const known = context.queryClient.getQueryData(options.queryKey) !== undefined;
    if (!known && !mayHaveSession() && PUBLIC_PATHS.has(location.pathname)) {
      void context.queryClient.prefetchQuery(options);
      return { session: null };
    }
    return { session: await context.queryClient.ensureQueryData(options) };
  },
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
