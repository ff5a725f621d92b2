import { trpc } from '../../lib/trpc';

/**
 * The "Sync with your phone" screen's calls (router `appPasswords`), with what each changes
 * in the cache.
 */

type CreateOptions = Parameters<typeof trpc.appPasswords.create.useMutation>[0];
type RevokeOptions = Parameters<typeof trpc.appPasswords.revoke.useMutation>[0];

/** What to type into a phone: the server's address, the DAV address, the user name. */
export function useConnection() {
  return trpc.appPasswords.connection.useQuery();
}

/** The account's app passwords, oldest first. */
export function useAppPasswords() {
  return trpc.appPasswords.list.useQuery();
}

/** Creates an app password; the list is read again. */
export function useCreateAppPassword(options: CreateOptions = {}) {
  const utils = trpc.useUtils();
  return trpc.appPasswords.create.useMutation({
    ...options,
    onSuccess: (...args) => {
      void utils.appPasswords.list.invalidate();
      return options.onSuccess?.(...args);
    },
  });
}

/** Revokes an app password; the list is read again. */
export function useRevokeAppPassword(options: RevokeOptions = {}) {
  const utils = trpc.useUtils();
  return trpc.appPasswords.revoke.useMutation({
    ...options,
    onSuccess: (...args) => {
      void utils.appPasswords.list.invalidate();
      return options.onSuccess?.(...args);
    },
  });
}
