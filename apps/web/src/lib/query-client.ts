import { QueryClient } from '@tanstack/react-query';

/** One QueryClient for the app; a failed query is retried once, not three times. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
    },
  });
}
