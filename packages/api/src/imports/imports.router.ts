import { importBatchInput, importPreviewInput, importUndoInput } from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { importBatch } from './batch.service';
import { previewImport } from './preview.service';
import { undoImport } from './undo.service';
import { protectedProcedure, rateLimited, signedInUser } from '../trpc/init';

/**
 * Importing contacts from a Google or Outlook CSV, any CSV through a column mapping, or a
 * vCard file: preview first, then batches; undo takes an import back whole.
 */
export const importsRouter = {
  /**
   * Reads a file's text and previews it, writing nothing: `{format, contacts, problems,
   * duplicates, columns, sample, mapping, needsMapping}`. A CSV of no known layout answers
   * `needsMapping` with a suggested `mapping`; call again with the person's mapping.
   * BAD_REQUEST when the file is unreadable, empty or over 7 MB, or the mapping is short.
   * For the SDK; the web app posts to `/api/imports/preview` (preview.route.ts), which answers
   * the same preview streamed, so a large file's 12 MB answer never holds the event loop.
   */
  preview: protectedProcedure
    .use(rateLimited('heavy', signedInUser))
    .input(importPreviewInput)
    .mutation(({ ctx, input }) => previewImport(ctx, ctx.userId, input)),

  /**
   * Writes one batch (at most 500 contacts to create and 500 to update):
   * `{created, updated, photosFailed}`. Every batch of an import carries the same `importId`.
   * One transaction on PostgreSQL; on the embedded database, transactions of 50 contacts so the
   * server answers others meanwhile (`importBatch`). After a failed batch, call `undo`.
   */
  batch: protectedProcedure
    .input(importBatchInput)
    .mutation(({ ctx, input }) => importBatch(ctx, ctx.userId, input)),

  /**
   * Takes back everything written under `importId`: created contacts deleted, updated ones
   * restored, new labels deleted. `{removed, restored}`.
   */
  undo: protectedProcedure
    .input(importUndoInput)
    .mutation(({ ctx, input }) => undoImport(ctx, ctx.userId, input.importId)),
} satisfies TRPCRouterRecord;
