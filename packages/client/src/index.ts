import type { AppRouter } from '@kith/api';
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import { transformer } from '@kith/validators/transformer';

export type { AppRouter, RouterInputs, RouterOutputs } from '@kith/api';

export interface ContactsClientOptions {
  /** Where Kith runs, e.g. `https://kith.example.com`; the client calls `${baseUrl}/api/trpc`. */
  baseUrl: string;
  /** A fetch implementation; the global one by default. */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

export type ContactsClient = TRPCClient<AppRouter>;

/**
 * A typed client for Kith's API, for other TypeScript apps: every procedure with its input
 * and output types (`client.health.check.query()`). Requests carry cookies (`credentials:
 * 'include'`), so in a browser the signed-in session is used.
 */
export function createContactsClient(options: ContactsClientOptions): ContactsClient {
  const baseFetch = options.fetch ?? globalThis.fetch;
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${options.baseUrl.replace(/\/+$/, '')}/api/trpc`,
        transformer,
        headers: () => options.headers ?? {},
        fetch: (input, init) => baseFetch(input, { ...init, credentials: 'include' }),
      }),
    ],
  });
}
