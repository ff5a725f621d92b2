import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';

/** A 4xx answer will not change on a retry: unknown id, no session, bad input. */
function isClientError(error: unknown): boolean {
  const status =
    error instanceof TRPCClientError ? (error.data?.httpStatus as number | undefined) : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/** One QueryClient for the app; a failed query is retried once, unless the server refused it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && !isClientError(error),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
