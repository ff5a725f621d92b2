import { trpc } from './trpc';

/**
 * Photo uploads, shared by the contact forms and the profile: `upload` takes the file's bytes
 * (`{ data: Uint8Array }`, up to the API's image limit) and answers the stored image's
 * `publicId` and `url`; `remove` deletes an upload that was never saved (SPEC §4, discard).
 */
export function useImageUpload() {
  const upload = trpc.images.upload.useMutation();
  const remove = trpc.images.delete.useMutation();
  return { upload, remove };
}
