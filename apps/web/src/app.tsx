import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQueryClient } from './lib/query-client';
import { createApiClient, createTrpcReactClient, trpc } from './lib/trpc';
import { forgetOnSignOut } from './pwa/forget';
import { OfflineBanner } from './pwa/offline-banner';
import { useRetryWhenOnline } from './pwa/retry-when-online';
import { createAppRouter } from './router';
import { cssVariablesResolver, localizedTheme } from './theme';

/**
 * The toasts' container, in a chunk of its own (toasts.tsx): asked for at once, but the first
 * render does not wait for it.
 */
const toastsModule = import('./toasts');
const Toasts = lazy(() => toastsModule);

/** Light, dark or the device's scheme (the default), kept in this browser. */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'kith-color-scheme' });

/**
 * The query cache and the router over it, made once per page (or per prerendered page). What
 * is kept for reading offline is forgotten whenever the session ends or changes hands
 * (`forgetOnSignOut`, docs/offline.md#privacy).
 */
export function createAppContext(history?: RouterHistory) {
  const queryClient = createQueryClient();
  forgetOnSignOut(queryClient);
  const router = createAppRouter({ queryClient, api: createApiClient() }, history);
  return { queryClient, router };
}

export type AppContext = ReturnType<typeof createAppContext>;

/**
 * Providers in the order they depend on each other, then the router. `context` is given when
 * the router was loaded beforehand (the build's prerendering of the public pages).
 */
export function App({ history, context }: { history?: RouterHistory; context?: AppContext } = {}) {
  const [{ queryClient, router }] = useState(() => context ?? createAppContext(history));
  const [trpcClient] = useState(createTrpcReactClient);
  const { t } = useTranslation();
  const theme = useMemo(() => localizedTheme(t('Close')), [t]);
  useRetryWhenOnline(router);

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="auto"
          colorSchemeManager={colorSchemeManager}
        >
          <Suspense>
            <Toasts />
          </Suspense>
          <RouterProvider router={router} />
          <OfflineBanner />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
