import { z } from 'zod';
import { readMultipart } from '../rest/multipart';
import { imageSchema, imageUploadForm } from '../rest/openapi/wire-schemas';
import type { RestRoute } from '../rest/adapter';
import { EXAMPLE_IDS } from '../rest/openapi/examples';

/**
 * The legacy image paths (docs/product/legacy-api.md#contacts-favorites-trash): upload and delete a
 * photo.
 */
export const imagesRestRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/image',
    successStatus: 201,
    doc: {
      operationId: 'uploadImage',
      summary: 'Upload an image (JPEG, PNG, WebP, GIF, AVIF, HEIF, TIFF; at most 5 MB)',
      tag: 'Images',
      signedIn: true,
      form: imageUploadForm,
      data: z.object({ image: imageSchema }),
      errors: [400, 404, 413],
      example: {
        body: { image: '(the image file)' },
        data: {
          image: {
            publicId: EXAMPLE_IDS.image,
            url: '/uploads/' + EXAMPLE_IDS.image + '.webp?expires=1764150000&signature=…',
          },
        },
        message: 'Image uploaded successfully!',
      },
    },
    handle: async ({ caller, req }) => {
      const { fields, file } = await readMultipart(req, 'image');
      const { image } = await caller.images.upload({
        data: file ?? new Uint8Array(),
        publicId: fields.publicId || undefined,
      });
      return { data: { image }, message: 'Image uploaded successfully!' };
    },
  },
  {
    method: 'DELETE',
    path: '/image/:id',
    doc: {
      operationId: 'deleteImage',
      summary: 'Delete an uploaded image',
      tag: 'Images',
      signedIn: true,
      data: z.object({ publicId: z.uuid() }),
      errors: [400, 404],
      example: { data: { publicId: EXAMPLE_IDS.image }, message: 'Image delete successfully!' },
    },
    handle: async ({ caller, params }) => ({
      data: await caller.images.delete({ publicId: params.id! }),
      message: 'Image delete successfully!',
    }),
  },
];
