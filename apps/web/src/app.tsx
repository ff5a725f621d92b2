import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createQueryClient } from './lib/query-client';
import { createApiClient, createTrpcReactClient, trpc } from './lib/trpc';
import { forgetOnSignOut } from './pwa/forget';
import { OfflineBanner } from './pwa/offline-banner';
import { useRetryWhenOnline } from './pwa/retry-when-online';
import { createAppRouter } from './router';
import { cssVariablesResolver, localizedTheme } from './theme';
import toasts from './toasts.module.css';

/**
 * Toasts sit at the top right and close after 5000 ms (docs/product/limits.md#limits); three at
 * most at once.
 */
const TOAST_AUTO_CLOSE_MS = 5000;
const TOAST_LIMIT = 3;

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
          <Notifications
            position="top-right"
            autoClose={TOAST_AUTO_CLOSE_MS}
            limit={TOAST_LIMIT}
            containerWidth={360}
            className={toasts.toasts}
          />
          <RouterProvider router={router} />
          <OfflineBanner />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
