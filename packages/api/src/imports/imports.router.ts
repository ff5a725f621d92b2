import {
  importBatchInput,
  importPreviewFileInput,
  importPreviewInput,
  importStartInput,
  importStatusInput,
  importUndoInput,
} from '@kith/validators';
import type { TRPCRouterRecord } from '@trpc/server';
import { importBatch } from './batch.service';
import { previewImport } from './preview.service';
import { previewStagedFile } from './file-preview.service';
import { currentImport, importStatus, startImport, undoImportRun } from './run.service';
import { protectedProcedure, rateLimited, signedInUser } from '../trpc/init';

/**
 * Importing contacts from a Google or Outlook CSV, any CSV through a column mapping, or a
 * vCard file. The web app uploads the file (`POST /api/imports/upload`, upload.route.ts),
 * previews it (`previewFile`), starts it (`start`: a background job writes it) and follows it
 * (`status`). The SDK may also send a file's text (`preview`) and write it in batches
 * (`batch`). `undo` takes an import back whole, either way.
 */
export const importsRouter = {
  /**
   * Previews an uploaded file, writing nothing: counts (`new`, `duplicates`, `errors`...), the
   * first new contacts' names, the first 50 duplicates and problems, and for a CSV of no known
   * layout `needsMapping` with a suggested `mapping` (call again with the person's). Spends a
   * heavy call. NOT_FOUND for another account's or a removed file; CONFLICT once started;
   * BAD_REQUEST when the file is unreadable or empty, or the mapping is short.
   */
  previewFile: protectedProcedure
    .use(rateLimited('heavy', signedInUser))
    .input(importPreviewFileInput)
    .mutation(({ ctx, input }) => previewStagedFile(ctx, ctx.userId, input)),

  /**
   * Starts writing a previewed file in the background, with skip or update for duplicates:
   * answers its `status`. NOT_FOUND for another account's file; CONFLICT when it has started;
   * BAD_REQUEST before a preview.
   */
  start: protectedProcedure
    .input(importStartInput)
    .mutation(({ ctx, input }) => startImport(ctx, ctx.userId, input)),

  /**
   * Where an import stands: `{status, total, done, outcome, error}`, polled for the progress
   * bar. NOT_FOUND for another account's import.
   */
  status: protectedProcedure
    .input(importStatusInput)
    .query(({ ctx, input }) => importStatus(ctx, ctx.userId, input.importId)),

  /** The account's import still running (or failed and not taken back), or null. */
  current: protectedProcedure.query(({ ctx }) => currentImport(ctx, ctx.userId)),

  /**
   * Reads a file's text and previews it, writing nothing: `{format, contacts, problems,
   * duplicates, columns, sample, mapping, needsMapping}`. A CSV of no known layout answers
   * `needsMapping` with a suggested `mapping`; call again with the person's mapping.
   * BAD_REQUEST when the file is unreadable, empty or over 7 MB, or the mapping is short.
   * For the SDK, with a file's whole text; the web app uploads the file instead
   * (`/api/imports/upload`) and previews it with `previewFile`, which reads it as a stream.
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
   * restored, new labels deleted. `{removed, restored}`. CONFLICT while its job runs.
   */
  undo: protectedProcedure
    .input(importUndoInput)
    .mutation(({ ctx, input }) => undoImportRun(ctx, ctx.userId, input.importId)),
} satisfies TRPCRouterRecord;
