import { appPasswordIdInput, createAppPasswordInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure } from '../trpc/init';
import {
  createAppPassword,
  davConnection,
  listAppPasswords,
  revokeAppPassword,
} from './app-passwords.service';

/**
 * App passwords for CardDAV clients (the "Sync with your phone" page): phones and
 * desktop address books sign in with the account email and one of these, never the account
 * password.
 */
export const appPasswordsRouter = {
  /**
   * What a person types into their phone: `{serverUrl, davUrl, bookUrl, username}`, from
   * PUBLIC_URL (discovery finds the rest from the server's address, RFC 6764).
   */
  connection: protectedProcedure.query(({ ctx }) => davConnection(ctx, ctx.userId)),

  /** `{id, name, createdAt, lastUsedAt, lastUsedIp, lastUsedUserAgent}[]`, oldest first. */
  list: protectedProcedure.query(({ ctx }) => listAppPasswords(ctx.db, ctx.userId)),

  /**
   * Creates one for `{name}` and returns it with `password`, the only time it is shown.
   * BAD_REQUEST for an empty or long name; CONFLICT past 50 app passwords.
   */
  create: protectedProcedure
    .input(createAppPasswordInput)
    .mutation(({ ctx, input }) => createAppPassword(ctx.db, ctx.keys, ctx.userId, input.name)),

  /** Revokes `{id}`: its device is refused from its next request. NOT_FOUND when gone. */
  revoke: protectedProcedure.input(appPasswordIdInput).mutation(async ({ ctx, input }) => {
    await revokeAppPassword(ctx.db, ctx.userId, input.id);
    return { id: input.id };
  }),
} satisfies TRPCRouterRecord;
