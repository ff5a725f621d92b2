import { schema } from '@kith/db';
import { importBatchInput, type ImportedContact, type ImportStartInput } from '@kith/validators';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import { ConflictError, ServiceError, UnavailableError, ValidationError } from '../shared/errors';
import { cooperative } from '../shared/event-loop';
import { importBatch } from './batch.service';
import { csvContacts, labelMembers, vcardContacts, type FileChunk } from './file-read';
import {
  importRunMessages,
  previewGroups,
  startedMessage,
  type PreviewSettings,
} from './file-preview.service';
import { bookMatcher } from './preview.service';
import { ownImportRun, removeStagedFile, stagedText, type ImportRun } from './staging';
import { undoImport, type ImportUndoResult } from './undo.service';

const { importRuns } = schema;

/** The background queue imports run on (jobs/background-jobs.ts). */
export const IMPORT_JOB = 'import';

/** Contacts per `importBatch` call: one transaction on PostgreSQL, a step of the progress. */
const BATCH_CONTACTS = 250;
/** Characters of contacts per batch (photos are large): one batch's memory. */
const BATCH_CHARS = 3 * 1024 * 1024;

/**
 * How recent a `running` import's last progress must be for a job handed out again to leave it
 * to the worker still writing it, in ms: a batch takes seconds, not minutes.
 */
const LIVE_WORKER_MS = 2 * 60_000;

export const importRunErrors = {
  noQueue: 'Imports cannot start right now. Try again in a minute.',
  running: 'This import is still running. Undo it once it has finished.',
  failed: 'The import stopped before its end.',
};

/** What an import did, over its batches. */
export interface ImportOutcome {
  created: number;
  updated: number;
  /** Embedded photos that could not be read: the contacts came in without them. */
  photosDropped: number;
  /** Photo addresses that could not be fetched: each is kept with its contact. */
  photoAddressesKept: number;
  /** Failed photos of batches that held both kinds, not known to be one or the other. */
  photosFailed: number;
}

/** Where an import stands, for the progress bar (`imports.status`). */
export interface ImportStatus {
  importId: string;
  fileName: string;
  status: ImportRun['status'];
  /** Contacts to write, and written so far. */
  total: number;
  done: number;
  outcome: ImportOutcome | null;
  /** Why it stopped, when `failed`; the job took back what it had written unless `outcome` says otherwise. */
  error: string | null;
}

/** What `imports.start` keeps of the person's choices for duplicates. */
interface StartSettings extends PreviewSettings {
  duplicates: ImportStartInput['duplicates'];
  rows: ImportStartInput['rows'];
}

function statusOf(run: ImportRun): ImportStatus {
  return {
    importId: run.id,
    fileName: run.fileName,
    status: run.status,
    total: run.total,
    done: Math.min(run.done, run.total),
    outcome: (run.outcome as ImportOutcome | null) ?? null,
    error: run.error,
  };
}

/**
 * Where the account's import `importId` stands.
 *
 * @throws NotFoundError for an id the account has no import of (another account's included).
 */
export async function importStatus(
  deps: Pick<ApiDependencies, 'db'>,
  userId: string,
  importId: string,
): Promise<ImportStatus> {
  return statusOf(await ownImportRun(deps.db, userId, importId));
}

/**
 * The account's import that is queued or running, or that failed without being taken back (its
 * job could not undo it), newest first; null when there is none. The import page shows it
 * when it opens, as a person may close the tab while a job runs.
 */
export async function currentImport(
  deps: Pick<ApiDependencies, 'db'>,
  userId: string,
): Promise<ImportStatus | null> {
  const [run] = await deps.db
    .select()
    .from(importRuns)
    .where(
      and(
        eq(importRuns.userId, userId),
        inArray(importRuns.status, ['queued', 'running', 'failed']),
      ),
    )
    .orderBy(desc(importRuns.createdAt))
    .limit(1);
  if (!run) return null;
  const outcome = run.outcome as ImportOutcome | null;
  if (run.status === 'failed' && !(outcome && outcome.created + outcome.updated > 0)) return null;
  return statusOf(run);
}

/**
 * Starts writing a previewed file: the import is queued for the background queue (any
 * instance runs it: `runImportJob`) and `imports.status` follows it. Every duplicate is
 * skipped or updated as `duplicates` says, except the rows in `rows`.
 *
 * @throws NotFoundError for an id the account has no import of; ConflictError when it has
 *   already started; ValidationError when it was not previewed (or needs a mapping);
 *   UnavailableError when this server runs no queue.
 */
export async function startImport(
  deps: Pick<ApiDependencies, 'db' | 'jobs'>,
  userId: string,
  input: ImportStartInput,
): Promise<ImportStatus> {
  const run = await ownImportRun(deps.db, userId, input.importId);
  if (run.status !== 'staged') throw new ConflictError(startedMessage(run));
  const preview = run.settings as unknown as Partial<PreviewSettings>;
  if (!preview.previewed || !preview.counts) {
    throw new ValidationError(importRunMessages.notPreviewed, {
      importId: [importRunMessages.notPreviewed],
    });
  }
  if (!deps.jobs) throw new UnavailableError(importRunErrors.noQueue);
  const overrides = new Map(input.rows.map((r) => [r.row, r.choice]));
  const overridden = [...overrides.values()];
  const updates =
    input.duplicates === 'update'
      ? preview.counts.duplicates - overridden.filter((c) => c === 'skip').length
      : overridden.filter((c) => c === 'update').length;
  const settings: StartSettings = {
    ...(preview as PreviewSettings),
    duplicates: input.duplicates,
    rows: input.rows,
  };
  const [queued] = await deps.db
    .update(importRuns)
    .set({
      status: 'queued',
      settings: settings as unknown as Record<string, unknown>,
      total: preview.counts.new + Math.max(0, updates),
      done: 0,
      updatedAt: new Date(),
    })
    .where(and(eq(importRuns.id, run.id), eq(importRuns.status, 'staged')))
    .returning();
  if (!queued) throw new ConflictError(importRunMessages.started);
  try {
    await deps.jobs.send(IMPORT_JOB, { importId: run.id });
  } catch (error) {
    await deps.db
      .update(importRuns)
      .set({ status: 'staged', updatedAt: new Date() })
      .where(eq(importRuns.id, run.id));
    throw error;
  }
  return statusOf(queued);
}

/** What the import job needs of the server. */
export type ImportJobDependencies = Pick<
  ApiDependencies,
  'db' | 'dbKind' | 'images' | 'keys' | 'now' | 'fetchPhoto'
>;

/**
 * The import job: reads the staged file as a stream, as the preview read it (its mapping, date
 * order and groups), and writes its contacts through `importBatch` a batch at a time (250
 * contacts or 3 MB), recording the progress after each; duplicates (matched against the book
 * as it was before the first write) are skipped or update their contact as the person chose.
 * Done, the staged file is removed and the outcome recorded; the import can be undone for a
 * day (`imports.undo`).
 *
 * A job that fails takes back what it wrote (`undoImport`), so the book is as it was, and
 * records why; the staged file is removed. A job found `running` was cut off (its server
 * stopped mid-import, and the queue hands it out again once the job's hour has passed): what
 * it wrote is taken back and it runs again from the start, unless its progress moved in the
 * last two minutes (`LIVE_WORKER_MS`: its first worker still writes). An import no longer
 * queued or running (done, undone) is left.
 */
export async function runImportJob(deps: ImportJobDependencies, importId: string): Promise<void> {
  const [before] = await deps.db.select().from(importRuns).where(eq(importRuns.id, importId));
  if (!before || (before.status !== 'queued' && before.status !== 'running')) return;
  // Handed out again while its first worker still writes (it records progress every batch).
  if (before.status === 'running' && Date.now() - before.updatedAt.getTime() < LIVE_WORKER_MS) {
    return;
  }
  const [run] = await deps.db
    .update(importRuns)
    .set({ status: 'running', done: 0, outcome: null, updatedAt: new Date() })
    .where(and(eq(importRuns.id, importId), inArray(importRuns.status, ['queued', 'running'])))
    .returning();
  if (!run) return;
  try {
    if (before.status === 'running') await undoImport(deps, run.userId, importId);
    const outcome = await writeFile(deps, run);
    await deps.db
      .update(importRuns)
      .set({
        status: 'done',
        outcome: outcome as unknown as Record<string, number>,
        done: outcome.created + outcome.updated,
        total: outcome.created + outcome.updated,
        updatedAt: new Date(),
      })
      .where(eq(importRuns.id, importId));
  } catch (error) {
    const message = error instanceof ServiceError ? error.message : importRunErrors.failed;
    const undone = await undoImport(deps, run.userId, importId).then(
      () => true,
      () => false,
    );
    const [failed] = await deps.db
      .update(importRuns)
      .set({ status: 'failed', error: message, updatedAt: new Date() })
      .where(eq(importRuns.id, importId))
      .returning();
    // Undone, nothing of it is left; otherwise what came in stays counted for the page to offer undo.
    if (undone && failed) {
      await deps.db
        .update(importRuns)
        .set({ outcome: null, done: 0 })
        .where(eq(importRuns.id, importId));
    }
  }
  await removeStagedFile(deps.db, importId);
}

/** Writes the staged file's contacts batch by batch; answers what they did. */
async function writeFile(deps: ImportJobDependencies, run: ImportRun): Promise<ImportOutcome> {
  const settings = run.settings as unknown as StartSettings;
  const text = stagedText(deps.db, run.id);
  const chunks: AsyncIterable<FileChunk> =
    settings.format === 'vcard'
      ? vcardContacts(text, () => {})
      : csvContacts(text, settings.mapping, settings.dateOrder);
  const groups = previewGroups(settings);
  const match = await bookMatcher(deps.db, run.userId);
  const overrides = new Map(settings.rows.map((r) => [r.row, r.choice]));
  const outcome: ImportOutcome = {
    created: 0,
    updated: 0,
    photosDropped: 0,
    photoAddressesKept: 0,
    photosFailed: 0,
  };
  let create: ImportedContact[] = [];
  let update: { contactId: string; contact: ImportedContact }[] = [];
  let chars = 0;
  const flush = async () => {
    if (create.length + update.length === 0) return;
    const sent = [...create, ...update.map((u) => u.contact)];
    // Checked and cleaned as a batch from the SDK is (`importBatchInput`).
    const batch = importBatchInput.parse({ importId: run.id, create, update });
    const result = await importBatch(deps, run.userId, batch);
    outcome.created += result.created;
    outcome.updated += result.updated;
    countFailedPhotos(outcome, sent, result.photosFailed);
    create = [];
    update = [];
    chars = 0;
    await deps.db
      .update(importRuns)
      .set({
        done: outcome.created + outcome.updated,
        outcome: outcome as unknown as Record<string, number>,
        updatedAt: new Date(),
      })
      .where(eq(importRuns.id, run.id));
  };
  const pause = cooperative();
  for await (const chunk of chunks) {
    labelMembers(chunk, groups);
    for (const contact of chunk.contacts) {
      await pause();
      const duplicate = match(contact);
      if (duplicate) {
        if ((overrides.get(contact.row) ?? settings.duplicates) !== 'update') continue;
        update.push({ contactId: duplicate.contactId, contact });
      } else {
        create.push(contact);
      }
      chars += contact.photo.length + (contact.card?.length ?? 0) + 500;
      if (create.length + update.length >= BATCH_CONTACTS || chars >= BATCH_CHARS) await flush();
    }
  }
  await flush();
  return outcome;
}

/**
 * Adds a batch's `failed` photos to `outcome`, told apart by what the batch sent: with only
 * embedded photos or only photo addresses every failure is of that kind; with both, at least
 * `failed` minus the other kind's count are of each, and the rest is left open.
 */
export function countFailedPhotos(
  outcome: Pick<ImportOutcome, 'photosDropped' | 'photoAddressesKept' | 'photosFailed'>,
  sent: ImportedContact[],
  failed: number,
): void {
  if (failed <= 0) return;
  const embedded = sent.filter((contact) => contact.photo.startsWith('data:')).length;
  const addresses = sent.filter((c) => c.photo && !c.photo.startsWith('data:')).length;
  const dropped = Math.max(0, failed - addresses);
  const kept = Math.max(0, failed - embedded);
  outcome.photosDropped += dropped;
  outcome.photoAddressesKept += kept;
  outcome.photosFailed += failed - dropped - kept;
}

/**
 * Takes an import back whole (`undoImport`) and records it as undone. An import still queued
 * or running cannot be: its job is writing.
 *
 * @throws ConflictError while the import's job is queued or running.
 */
export async function undoImportRun(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
  importId: string,
): Promise<ImportUndoResult> {
  const [run] = await deps.db
    .select({ status: importRuns.status })
    .from(importRuns)
    .where(and(eq(importRuns.id, importId), eq(importRuns.userId, userId)));
  if (run && (run.status === 'queued' || run.status === 'running')) {
    throw new ConflictError(importRunErrors.running);
  }
  const result = await undoImport(deps, userId, importId);
  if (run) {
    await deps.db
      .update(importRuns)
      .set({ status: 'undone', updatedAt: new Date() })
      .where(and(eq(importRuns.id, importId), eq(importRuns.userId, userId)));
  }
  return result;
}
