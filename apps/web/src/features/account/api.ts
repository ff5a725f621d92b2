import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { patchSession } from '../../lib/session';

/**
 * The /me screen's calls (router `account`), with what each changes in the cache. Screens pass
 * only what they show (toasts, form errors); the cache effects live here.
 */

type ChangePasswordOptions = Parameters<typeof trpc.account.changePassword.useMutation>[0];
type RevokeOptions = Parameters<typeof trpc.account.revokeSession.useMutation>[0];
type RevokeOthersOptions = Parameters<typeof trpc.account.revokeOtherSessions.useMutation>[0];
type UpdateProfileOptions = Parameters<typeof trpc.account.updateProfile.useMutation>[0];
type DeleteOptions = Parameters<typeof trpc.account.delete.useMutation>[0];

/** The signed-in person's profile (name, email, photo, preferences). */
export function useProfile() {
  return trpc.account.profile.useQuery();
}

/**
 * Renews an expired session by reading the profile afresh; resolves when the session is good.
 * Used before plain links (the data download) that cannot refresh a session themselves.
 */
export function useEnsureSession() {
  const utils = trpc.useUtils();
  return () => utils.account.profile.fetch(undefined, { staleTime: 0 });
}

/** Saves name and photo; the profile and the session (top bar avatar) take the saved values. */
export function useUpdateProfile(options: UpdateProfileOptions = {}) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return trpc.account.updateProfile.useMutation({
    ...options,
    onSuccess: (saved, ...rest) => {
      utils.account.profile.setData(undefined, saved);
      patchSession(queryClient, { name: saved.name, avatarUrl: saved.avatar?.url ?? null });
      return options.onSuccess?.(saved, ...rest);
    },
  });
}

/**
 * Changes the password; the other sessions end and the app passwords are revoked, so both
 * lists are read again.
 */
export function useChangePassword(options: ChangePasswordOptions = {}) {
  const refreshSessions = useRefreshSessions();
  const utils = trpc.useUtils();
  return trpc.account.changePassword.useMutation({
    ...options,
    onSuccess: (...args) => {
      refreshSessions();
      void utils.appPasswords.list.invalidate();
      return options.onSuccess?.(...args);
    },
  });
}

/** Marks the sessions list stale, so it is read again (after a change that ends sessions). */
function useRefreshSessions() {
  const utils = trpc.useUtils();
  return () => void utils.account.sessions.invalidate();
}

/** The account's signed-in sessions, the current one marked. */
export function useSessions() {
  return trpc.account.sessions.useQuery();
}

/** Signs one session out, then reads the list again. */
export function useRevokeSession(options: RevokeOptions = {}) {
  const refreshSessions = useRefreshSessions();
  return trpc.account.revokeSession.useMutation({
    ...options,
    onSuccess: (...args) => {
      refreshSessions();
      return options.onSuccess?.(...args);
    },
  });
}

/** Signs every other session out, then reads the list again. */
export function useRevokeOtherSessions(options: RevokeOthersOptions = {}) {
  const refreshSessions = useRefreshSessions();
  return trpc.account.revokeOtherSessions.useMutation({
    ...options,
    onSuccess: (...args) => {
      refreshSessions();
      return options.onSuccess?.(...args);
    },
  });
}

/**
 * Deletes the account. The caller signs the person out and leaves /me before dropping the
 * cache (see DeleteAccountCard): the order matters, so it stays with the screen.
 */
export function useDeleteAccount(options: DeleteOptions = {}) {
  return trpc.account.delete.useMutation(options);
}
