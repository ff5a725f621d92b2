import type { ImportPreview, RouterInputs } from '@kith/api';
import type { ImportPreviewInput } from '@kith/validators';
import { useMutation } from '@tanstack/react-query';
import { notifyError, notifySuccess, RouteError } from '../../lib/notify';
import { logoutAndReload, refreshSession, timedFetch, trpc } from '../../lib/trpc';
import { useRefreshContactLists } from '../../lib/contact-lists';

export type Preview = ImportPreview;
export type ImportedContact = Preview['contacts'][number];
type BatchInput = RouterInputs['imports']['batch'];

/**
 * Where the id of an import that is still running is kept: if the tab closes or the browser
 * crashes mid-import, the import page offers to undo what it wrote on the next visit.
 */
export const UNFINISHED_IMPORT_KEY = 'kith.unfinishedImport';

/** Contacts per batch: one transaction each, and a step of the progress bar. */
const BATCH_CONTACTS = 250;
/** Bytes of JSON per batch, well under the server's 8 MiB body limit (photos are large). */
const BATCH_BYTES = 3 * 1024 * 1024;

/**
 * What one import did, added over its batches. A photo that could not be stored is one of
 * two things (`imports.batch`): an embedded photo (a `data:` URI) that could not be read is
 * dropped, and a photo address that could not be fetched is kept with the contact. The batch
 * answers only how many failed, so they are told apart by what the batch sent
 * (`countFailedPhotos`); `photosFailed` counts those a batch holding both kinds leaves open.
 */
export interface ImportOutcome {
  importId: string;
  created: number;
  updated: number;
  /** Embedded photos that could not be read: the contacts came in without them. */
  photosDropped: number;
  /** Photo addresses that could not be fetched: each is kept with its contact. */
  photoAddressesKept: number;
  /** Failed photos of batches that sent both kinds, not known to be one or the other. */
  photosFailed: number;
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

type Item =
  | { kind: 'create'; contact: ImportedContact }
  | { kind: 'update'; contactId: string; contact: ImportedContact };

/** Splits the work into batches of at most 250 contacts and about 3 MB each. */
export function toBatches(items: Item[]): Item[][] {
  const batches: Item[][] = [];
  let current: Item[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item.contact).length;
    if (current.length > 0 && (current.length >= BATCH_CONTACTS || bytes + size > BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Where the server previews an import (`IMPORT_PREVIEW_PATH`, preview.route.ts). */
const IMPORT_PREVIEW_PATH = '/api/imports/preview';

/**
 * Reads a file on the server and answers its preview: nothing is written yet. A plain route
 * that streams its answer (a large file's preview is 12 MB of JSON), called as the tRPC links
 * call procedures: with the shared time limit, and on 403 the session is refreshed once and
 * the call retried (docs/product/legacy-api.md#auth-retry; a failed refresh logs out and reloads).
 *
 * @throws RouteError with the server's message (an unreadable file, a short mapping, too many
 *   heavy calls); the time limit's abort error; fetch's TypeError when offline.
 */
export async function previewImport(input: ImportPreviewInput): Promise<Preview> {
  const post = () =>
    // Absolute, as the tRPC link's, so it works in tests (jsdom with Node's fetch) too.
    timedFetch(new URL(IMPORT_PREVIEW_PATH, window.location.origin), {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
  let res = await post();
  if (res.status === 403) {
    if (!(await refreshSession())) {
      await logoutAndReload();
      throw new RouteError(403, '');
    }
    res = await post();
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new RouteError(res.status, body?.message ?? '');
  }
  return (await res.json()) as Preview;
}

/** `previewImport` as a mutation, for the import page's busy and error states. */
export const usePreviewImport = () => useMutation({ mutationFn: previewImport });

/**
 * Runs an import batch by batch (`imports.batch`, one transaction each), telling `onProgress`
 * how many contacts are written. If a batch fails, everything the import wrote is taken back
 * (`imports.undo`) before the error is thrown again, so the book is as it was.
 */
export function useRunImport() {
  const batch = trpc.imports.batch.useMutation();
  const undo = trpc.imports.undo.useMutation();
  return async (
    create: ImportedContact[],
    update: { contactId: string; contact: ImportedContact }[],
    onProgress: (done: number, total: number) => void,
  ): Promise<ImportOutcome> => {
    const importId = crypto.randomUUID();
    const items: Item[] = [
      ...create.map((contact) => ({ kind: 'create' as const, contact })),
      ...update.map((u) => ({ kind: 'update' as const, ...u })),
    ];
    const outcome: ImportOutcome = {
      importId,
      created: 0,
      updated: 0,
      photosDropped: 0,
      photoAddressesKept: 0,
      photosFailed: 0,
    };
    let done = 0;
    onProgress(0, items.length);
    localStorage.setItem(UNFINISHED_IMPORT_KEY, importId);
    try {
      for (const part of toBatches(items)) {
        const input: BatchInput = {
          importId,
          create: part.filter((i) => i.kind === 'create').map((i) => i.contact),
          update: part.flatMap((i) =>
            i.kind === 'update' ? [{ contactId: i.contactId, contact: i.contact }] : [],
          ),
        };
        const result = await batch.mutateAsync(input);
        outcome.created += result.created;
        outcome.updated += result.updated;
        countFailedPhotos(
          outcome,
          part.map((item) => item.contact),
          result.photosFailed,
        );
        done += part.length;
        onProgress(done, items.length);
      }
    } catch (error) {
      // Take back the batches already written; if even that fails, the error still shows,
      // and the import page offers the undo again on the next visit.
      const undone = await undo.mutateAsync({ importId }).then(
        () => true,
        () => false,
      );
      if (undone) localStorage.removeItem(UNFINISHED_IMPORT_KEY);
      throw error;
    }
    localStorage.removeItem(UNFINISHED_IMPORT_KEY);
    return outcome;
  };
}

/**
 * Undoes a whole import from a button (`imports.undo`): the lists are refreshed and a toast
 * says so, or shows why it failed. `undoImport` resolves to whether the import was undone.
 */
export function useUndoImport() {
  const undo = trpc.imports.undo.useMutation();
  const refresh = useRefreshContactLists();
  const undoImport = async (importId: string): Promise<boolean> => {
    try {
      await undo.mutateAsync({ importId });
      await refresh();
      notifySuccess('Import undone. Your contacts are as they were.');
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };
  return { undoImport, undoing: undo.isPending };
}
