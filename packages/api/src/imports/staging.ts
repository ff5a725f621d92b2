import { isForeignKeyViolation, schema, type Database } from '@kith/db';
import { IMPORT_UPLOAD_MAX, IMPORT_UPLOAD_TOO_LARGE } from '@kith/validators';
import { and, eq, inArray, lt } from 'drizzle-orm';
import {
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from '../shared/errors';

const { importRuns, importFileParts } = schema;

/** Bytes of a staged file per `import_file_parts` row: one row in memory at a time. */
export const IMPORT_PART_BYTES = 1024 * 1024;

/** How long a staged file waits to be imported before the retention job removes it, in ms. */
export const STAGED_IMPORT_TTL_MS = 24 * 60 * 60_000;

export const stagingMessages = {
  running: 'An import is still running. Wait for it to finish before importing another file.',
  notFound: 'This import is no longer there. Choose the file again.',
  empty: 'The file is empty',
  replaced:
    'Another file was chosen for import meanwhile, in another tab or window. Import that one, or choose this file again.',
};

/** An import of the account, as `import_runs` keeps it. */
export type ImportRun = typeof importRuns.$inferSelect;

/**
 * Stages an uploaded file in the database, a part of `IMPORT_PART_BYTES` at a time, so any
 * instance of the server can preview and import it and memory holds one part whatever the
 * file's size. An account keeps one staged file: the one it had, not yet started, is removed
 * first. `body` is the request's bytes (UTF-8 text, as the import page sends it).
 *
 * @returns the new import's id and the file's size in bytes.
 * @throws ConflictError while another import of the account is queued or running, and when a
 *   newer upload of the account replaced this one before it was whole;
 *   PayloadTooLargeError (`IMPORT_UPLOAD_TOO_LARGE`) once more than `maxBytes` arrive, and
 *   ValidationError for an empty file (what was staged is removed).
 */
export async function stageFile(
  db: Database,
  userId: string,
  fileName: string,
  body: AsyncIterable<Uint8Array>,
  maxBytes = IMPORT_UPLOAD_MAX,
): Promise<{ importId: string; byteSize: number }> {
  const busy = await db
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(and(eq(importRuns.userId, userId), inArray(importRuns.status, ['queued', 'running'])))
    .limit(1);
  if (busy.length > 0) throw new ConflictError(stagingMessages.running);
  await db
    .delete(importRuns)
    .where(and(eq(importRuns.userId, userId), inArray(importRuns.status, ['uploading', 'staged'])));
  const [run] = await db
    .insert(importRuns)
    .values({ userId, status: 'uploading', fileName: fileName.slice(0, 255) })
    .returning({ id: importRuns.id });
  const importId = run!.id;
  let byteSize = 0;
  let seq = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const bytes = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await db.insert(importFileParts).values({ importId, seq: seq++, bytes });
  };
  try {
    for await (const chunk of body) {
      byteSize += chunk.byteLength;
      if (byteSize > maxBytes) throw new PayloadTooLargeError(IMPORT_UPLOAD_TOO_LARGE);
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= IMPORT_PART_BYTES) await flush();
    }
    await flush();
    if (byteSize === 0)
      throw new ValidationError(stagingMessages.empty, { file: [stagingMessages.empty] });
  } catch (error) {
    await db.delete(importRuns).where(eq(importRuns.id, importId));
    // A newer upload of the account removed this one while it arrived: its parts have nowhere
    // to go.
    if (isForeignKeyViolation(error)) throw new ConflictError(stagingMessages.replaced);
    throw error;
  }
  const staged = await db
    .update(importRuns)
    .set({ status: 'staged', byteSize, updatedAt: new Date() })
    .where(and(eq(importRuns.id, importId), eq(importRuns.status, 'uploading')))
    .returning({ id: importRuns.id });
  if (staged.length === 0) throw new ConflictError(stagingMessages.replaced);
  return { importId, byteSize };
}

/**
 * The account's import `importId`.
 *
 * @throws NotFoundError when there is none of that id for this account: another person's id
 *   finds nothing, as a missing one does.
 */
export async function ownImportRun(
  db: Database,
  userId: string,
  importId: string,
): Promise<ImportRun> {
  const [run] = await db
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.id, importId), eq(importRuns.userId, userId)));
  if (!run) throw new NotFoundError(stagingMessages.notFound);
  return run;
}

/**
 * A staged file's text, in order, one part read from the database at a time: UTF-8 decoded
 * across the parts' edges (a part may end inside a character), a byte order mark dropped,
 * NUL characters (which PostgreSQL text cannot hold) dropped.
 */
export async function* stagedText(db: Database, importId: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  for (let seq = 0; ; seq++) {
    const [part] = await db
      .select({ bytes: importFileParts.bytes })
      .from(importFileParts)
      .where(and(eq(importFileParts.importId, importId), eq(importFileParts.seq, seq)));
    if (!part) break;
    const text = decoder.decode(part.bytes, { stream: true });
    if (text) yield text.replace(/\0/g, '');
  }
  const rest = decoder.decode();
  if (rest) yield rest.replace(/\0/g, '');
}

/** Removes a staged file's parts (its import's row stays, for status and undo). */
export async function removeStagedFile(db: Database, importId: string): Promise<void> {
  await db.delete(importFileParts).where(eq(importFileParts.importId, importId));
}

/**
 * Removes imports never started whose file has waited more than `STAGED_IMPORT_TTL_MS`, and
 * the files of every import older than that (a finished import keeps only its row, for a day
 * of undo). For the hourly retention job. Answers how many imports were removed.
 */
export async function removeStaleStagedFiles(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - STAGED_IMPORT_TTL_MS);
  const removed = await db
    .delete(importRuns)
    .where(
      and(
        lt(importRuns.updatedAt, cutoff),
        inArray(importRuns.status, ['uploading', 'staged', 'done', 'failed', 'undone']),
      ),
    )
    .returning({ id: importRuns.id });
  return removed.length;
}
