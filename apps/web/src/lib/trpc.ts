import type { AppRouter } from '@kith/api';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';

/** React hooks for every procedure of the API (`trpc.contacts.list.useQuery()`). */
export const trpc = createTRPCReact<AppRouter>();

/** The browser's tRPC client: same-origin `/api/trpc`, cookies included, superjson. */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/api/trpc',
        transformer: superjson,
        fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
      }),
    ],
  });
}
