import type { TRPCRouterRecord } from '@trpc/server';
import { publicProcedure } from '../trpc/init';
import { checkHealth } from './health.service';

export const healthRouter = {
  /** `{status: 'ok', db: 'pglite' | 'postgres'}`; SERVICE_UNAVAILABLE when the database is down. */
  check: publicProcedure.query(({ ctx }) => checkHealth(ctx.db, ctx.dbKind)),
} satisfies TRPCRouterRecord;
