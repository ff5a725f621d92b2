import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { deleteImage, uploadImage } from './images.service';
import { protectedProcedure } from '../trpc/init';

const publicId = z.uuid({ error: 'Unknown image' });

/** Uploaded images: stored re-encoded, metadata stripped, owned by their uploader. */
export const imagesRouter = {
  /**
   * Stores an image from its bytes; with `publicId`, replaces that earlier upload.
   * Returns `{image: {publicId, url}}` (docs/product/contact.md#other-entities).
   */
  upload: protectedProcedure
    .input(z.object({ data: z.instanceof(Uint8Array), publicId: publicId.optional() }))
    .mutation(async ({ ctx, input }) => ({
      image: await uploadImage(ctx, ctx.userId, input.data, input.publicId),
    })),

  /** Deletes one of the person's images; NOT_FOUND for anyone else's. */
  delete: protectedProcedure
    .input(z.object({ publicId }))
    .mutation(({ ctx, input }) => deleteImage(ctx, ctx.userId, input.publicId)),
} satisfies TRPCRouterRecord;
