import type { RouterOutputs } from '@kith/api';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { isForbidden, setEndingSession, trpc, type ApiClient } from './trpc';

export type SessionUser = RouterOutputs['auth']['check']['user'];

export const sessionQueryKey = ['session'] as const;

/**
 * Whether this browser may hold a session: the server sets the script-readable `signed_in=1`
 * beside the session's httpOnly cookies and clears it with them. Without it a
 * visitor's page need not wait for the session check to paint.
 */
export function mayHaveSession(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)signed_in=1(?:;|$)/.test(document.cookie);
}

/**
 * The signed-in person, or null (docs/product/states.md#session): check the session; if that fails
 * try a refresh and check again; if that fails too, log out (clearing stale cookies) and answer
 * null. Errors other than a missing session (the server is down) are thrown.
 */
export async function loadSession(api: ApiClient): Promise<SessionUser | null> {
  try {
    return (await api.auth.check.query()).user;
  } catch (error) {
    if (!isForbidden(error)) throw error;
  }
  try {
    await api.auth.refresh.mutate();
    return (await api.auth.check.query()).user;
  } catch {
    await api.auth.logout.mutate().catch(() => undefined);
    return null;
  }
}

export function sessionQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: () => loadSession(api),
    staleTime: Infinity,
    retry: 1,
  });
}

/** The session; `status` is 'unknown' until the first check finishes. */
export function useSession(api: ApiClient) {
  const query = useQuery(sessionQueryOptions(api));
  const status = query.isPending ? 'unknown' : query.data ? 'signed-in' : 'signed-out';
  return { status, user: query.data ?? null } as const;
}

/** Records who is signed in after login, verification or a password reset. */
export function useSetSession() {
  const queryClient = useQueryClient();
  return (user: SessionUser | null) => setSession(queryClient, user);
}

export function setSession(queryClient: QueryClient, user: SessionUser | null): void {
  if (user) setEndingSession(false);
  queryClient.setQueryData(sessionQueryKey, user);
}

/** The signed-in person as the session query holds them now (updated by profile edits). */
export function useSessionUser(): SessionUser | null {
  const { api } = useRouteContext({ from: '__root__' });
  return useQuery(sessionQueryOptions(api)).data ?? null;
}

/** Replaces parts of the signed-in person in the session query (after a profile edit). */
export function patchSession(queryClient: QueryClient, changes: Partial<SessionUser>): void {
  queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (old) =>
    old ? { ...old, ...changes } : old,
  );
}

/**
 * Ends this browser's session (docs/product/states.md#session). The caller marks the person signed
 * out with `useSetSession` when it is ready to, after its toast. From the start, a screen's call
 * refused for want of a session no longer reloads the page (`setEndingSession`).
 */
export function useLogout() {
  return trpc.auth.logout.useMutation({
    onMutate: () => setEndingSession(true),
    onError: () => setEndingSession(false),
  });
}
