import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FullPageLoader } from '../components/full-page-loader';
import { LoadFailure } from '../components/load-failure';
import { mayHaveSession, sessionQueryOptions, useSessionUser } from '../lib/session';
import { useAccountPreferences } from '../lib/preferences';
import { contactWindowQueryOptions, lastSort } from '../lib/contact-lists';
import { homeScreen } from './-screens';
import { PUBLIC_PAGES } from '../lib/public-pages';
import type { RouterContext } from '../router';
import { useRouteFocus } from '../lib/use-route-focus';

/** With no session cookie, these paint before the session check ends. */
const PUBLIC_PATHS = new Set<string>(PUBLIC_PAGES);

export const Route = createRootRouteWithContext<RouterContext>()({
  /**
   * The session check runs once at start (docs/product/states.md#session); every route then knows
   * who is signed in. A public page opened by a browser with no session cookie paints at once as a
   * visitor's (three auth calls ran before the landing page's first paint); the check still runs,
   * after paint, and `/` shows the contacts if it finds a session after all.
   */
  beforeLoad: async ({ context, location }) => {
    const options = sessionQueryOptions(context.api);
    const known = context.queryClient.getQueryData(options.queryKey) !== undefined;
    if (!known && !mayHaveSession() && PUBLIC_PATHS.has(location.pathname)) {
      void context.queryClient.prefetchQuery(options);
      return { session: null };
    }
    // A returning person's contacts: the first rows are asked for beside the session check,
    // and the screen's code loads meanwhile, not after it.
    const home = !known && mayHaveSession() && location.pathname === '/';
    if (home) {
      void context.queryClient.prefetchQuery(
        contactWindowQueryOptions(context.api, 'contacts', lastSort()),
      );
    }
    const [session] = await Promise.all([
      context.queryClient.ensureQueryData(options),
      home ? homeScreen.load().catch(() => null) : null,
    ]);
    return { session };
  },
  pendingComponent: FullPageLoader,
  // Anything a screen fails to render shows our failure page, never a blank or raw error.
  errorComponent: ({ error }) => <LoadFailure error={error} />,
  pendingMs: 0,
  // The router keeps a shown loader at least 500 ms by default, which held a signed-in
  // person's first rows back by that long after they had arrived.
  pendingMinMs: 0,
  component: RootLayout,
});

/**
 * Every screen's frame: the preferences applied, the page's head, and after each navigation the
 * focus on the new screen's heading with its title said (`useRouteFocus`).
 */
function RootLayout() {
  useAccountPreferences(useSessionUser());
  useRouteFocus();
  // The app has rendered over a prerendered page: it may show now in any language (boot.js).
  useEffect(() => document.getElementById('root')?.removeAttribute('data-prerendered'), []);
  return (
    <>
      <HeadContent />
      <Outlet />
    </>
  );
}
