import { feedbackInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure } from '../trpc/init';
import { sendFeedback } from './feedback.service';

export const feedbackRouter = {
  /** Stores `{message}` from the signed-in person; returns `{_id, message, createdAt}`. */
  send: protectedProcedure
    .input(feedbackInput)
    .mutation(({ ctx, input }) => sendFeedback(ctx.db, ctx.userId, input.message)),
} satisfies TRPCRouterRecord;
