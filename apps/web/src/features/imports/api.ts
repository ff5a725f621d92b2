import type { FilePreview, ImportStatus } from '@kith/api';
import { useMutation } from '@tanstack/react-query';
import { notifyError, notifySuccess, RouteError } from '../../lib/notify';
import { logoutAndReload, refreshSession, trpc } from '../../lib/trpc';
import { useRefreshContactLists } from '../../lib/contact-lists';
import type { FileReading } from './decode-file';

export type Preview = FilePreview;
export type NamedContact = Preview['added'][number];
export type { ImportStatus };

/** Where the server stages an import file (`IMPORT_UPLOAD_PATH`, upload.route.ts). */
const IMPORT_UPLOAD_PATH = '/api/imports/upload';

/** How often the import page asks how far an import is, in ms. */
export const STATUS_POLL_MS = 1000;

/** How far an upload is: bytes sent of the file's. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * The body to upload for a file read as `reading`: the file itself when it is UTF-8 already
 * (no copy of 100 MB is made), else its text encoded as UTF-8, which the server reads.
 */
export function uploadBody(file: Blob, reading: FileReading): Blob {
  if (reading.encoding === 'utf-8') return file;
  return new Blob([reading.text], { type: 'text/plain;charset=utf-8' });
}

/** One POST of `body` with XMLHttpRequest, for its upload progress (fetch has none). */
function post(
  url: string,
  body: Blob,
  onProgress: (progress: UploadProgress) => void,
): Promise<{ status: number; body: { importId?: string; message?: string } | null }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', 'text/plain;charset=utf-8');
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.total });
    xhr.onload = () => {
      let parsed: { importId?: string; message?: string } | null = null;
      try {
        parsed = JSON.parse(xhr.responseText) as typeof parsed;
      } catch {
        parsed = null;
      }
      resolve({ status: xhr.status, body: parsed });
    };
    // A network failure, as fetch reports it.
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.send(body);
  });
}

/**
 * Uploads an import file to the server, which stages it (nothing is imported yet), telling
 * `onProgress` how many bytes are sent; resolves to the import's id. No time limit: a 100 MB
 * file on a slow connection takes minutes, and the bar shows it moving. On 403 the session is
 * refreshed once and the file sent again (docs/product/legacy-api.md#auth-retry; a failed
 * refresh logs out and reloads).
 *
 * @throws RouteError with the server's message (a file over 100 MB, an import still running,
 *   too many heavy calls); a TypeError when the network fails.
 */
export async function uploadImportFile(
  name: string,
  body: Blob,
  onProgress: (progress: UploadProgress) => void,
): Promise<string> {
  // Absolute, as the tRPC link's, so it works in tests (jsdom with Node's fetch) too.
  const url = new URL(IMPORT_UPLOAD_PATH, window.location.origin);
  url.searchParams.set('name', name);
  let res = await post(url.href, body, onProgress);
  if (res.status === 403) {
    if (!(await refreshSession())) {
      await logoutAndReload();
      throw new RouteError(403, '');
    }
    res = await post(url.href, body, onProgress);
  }
  if (res.status !== 201 || !res.body?.importId) {
    throw new RouteError(res.status, res.body?.message ?? '');
  }
  return res.body.importId;
}

/** `uploadImportFile` as a mutation, for the import page's busy and error states. */
export const useUploadImportFile = () =>
  useMutation({
    mutationFn: (input: {
      name: string;
      body: Blob;
      onProgress: (progress: UploadProgress) => void;
    }) => uploadImportFile(input.name, input.body, input.onProgress),
  });

/** Previews an uploaded file on the server (`imports.previewFile`), for the page's busy state. */
export const usePreviewFile = () => trpc.imports.previewFile.useMutation();

/** Starts the import job of a previewed file (`imports.start`). */
export const useStartImport = () => trpc.imports.start.useMutation();

/** The account's import still running, or failed and not taken back (`imports.current`). */
export const useCurrentImport = () =>
  trpc.imports.current.useQuery(undefined, { refetchOnWindowFocus: false });

/**
 * Where the import `importId` stands (`imports.status`), asked every `STATUS_POLL_MS` until
 * its job has ended.
 */
export const useImportStatus = (importId: string) =>
  trpc.imports.status.useQuery(
    { importId },
    {
      refetchInterval: (query) => {
        const now = query.state.data?.status;
        return now === 'queued' || now === 'running' || now === undefined ? STATUS_POLL_MS : false;
      },
    },
  );

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
