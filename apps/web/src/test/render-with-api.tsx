import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createQueryClient } from '../lib/query-client';
import { createTrpcReactClient, trpc } from '../lib/trpc';
import { render } from './render';

/**
 * Renders one component with what its api module needs (the tRPC client and a fresh query
 * cache, answered by MSW's handlers) and the toasts, without the app's router and shell.
 */
export function renderWithApi(ui: ReactElement) {
  const queryClient = createQueryClient();
  const client = createTrpcReactClient();
  return render(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Notifications />
        {ui}
      </QueryClientProvider>
    </trpc.Provider>,
  );
}
