import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from './components/not-found-page';
import type { ApiClient } from './lib/trpc';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
  /** The plain tRPC client, for loaders and guards. */
  api: ApiClient;
}

/** The app's router, built from the file routes under src/routes. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  /**
   * Detail and edit screens carry the path they were opened from
   * (docs/product/screens.md#signed-in-routes).
   */
  interface HistoryState {
    from?: string;
  }
}
