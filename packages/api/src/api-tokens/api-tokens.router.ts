import { apiTokenIdInput, createApiTokenInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure } from '../trpc/init';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service';

/**
 * Personal API tokens (docs/api-tokens.md), managed from a signed-in session only: a token can
 * never list, make or revoke tokens.
 */
export const apiTokensRouter = {
  /** `{id, name, prefix, scopes, createdAt, expiresAt, lastUsedAt}[]`, live ones, oldest first. */
  list: protectedProcedure.query(({ ctx }) => listApiTokens(ctx.db, ctx.userId, ctx.now())),

  /**
   * Creates one for `{name, scopes, expiresInDays}` and returns `{token, apiToken}`: the token is
   * shown this once. BAD_REQUEST for an empty name, no scope or an unknown one; CONFLICT past 50.
   */
  create: protectedProcedure
    .input(createApiTokenInput)
    .mutation(({ ctx, input }) =>
      createApiToken(ctx.db, ctx.keys.tokenHashing, ctx.userId, input, ctx.now()),
    ),

  /** Revokes `{id}`: refused from its next request. NOT_FOUND when gone. */
  revoke: protectedProcedure.input(apiTokenIdInput).mutation(async ({ ctx, input }) => {
    await revokeApiToken(ctx.db, ctx.userId, input.id);
    return { revoked: true as const };
  }),
} satisfies TRPCRouterRecord;
