import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';

/** A 4xx answer will not change on a retry: unknown id, no session, bad input. */
function isClientError(error: unknown): boolean {
  const status =
    error instanceof TRPCClientError ? (error.data?.httpStatus as number | undefined) : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/**
 * One QueryClient for the app; a failed query is retried once, unless the server refused it.
 *
 * Offline (docs/offline.md#what-is-kept): a query is still sent once ('offlineFirst'), so the
 * service worker can answer it with what it kept; a retry waits for the network to come back.
 * A change is always sent ('always'): offline it fails at once with 'You are offline'
 * (`offlineWritesLink`) instead of waiting, paused, behind an endless spinner (TanStack
 * Query's default, 'online', pauses it until the browser is back online).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && !isClientError(error),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'always' },
    },
  });
}
