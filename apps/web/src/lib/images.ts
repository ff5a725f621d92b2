import { trpc } from './trpc';

/**
 * Photo uploads, shared by the contact forms and the profile: `upload` takes the file's bytes
 * (`{ data: Uint8Array, publicId? }`, up to the API's image limit; with `publicId` it replaces
 * that earlier upload) and answers the stored image's `publicId` and `url`; `remove`
 * (`{ publicId }`) deletes an upload that was never saved (the discard of
 * docs/product/states.md#forms).
 */
export function useImageUpload() {
  const upload = trpc.images.upload.useMutation();
  const remove = trpc.images.delete.useMutation();
  return { upload, remove };
}
