import { messages } from '@kith/validators';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { PayloadTooLargeError, ValidationError } from '../shared/errors';

/** Images must be under 5 MB (docs/product/validation.md#image, docs/product/limits.md#limits). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Decompression-bomb guard: refuse anything over 40 megapixels before decoding it. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Stored images fit in 512 x 512 px. */
export const IMAGE_MAX_SIDE = 512;

/** Raster formats accepted; SVG and other vector or document formats are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export const TOO_MANY_PIXELS_MESSAGE =
  'This image has too many pixels to process. Please choose a smaller image.';

export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * Turns uploaded bytes into a safe avatar (issue "Images"): sharp decodes the bytes whatever
 * type the file claimed, refuses what is not a raster image or is too large, applies the
 * EXIF orientation, drops every metadata block (EXIF, GPS, XMP, ICC), resizes to fit
 * 512 px and re-encodes as WebP.
 *
 * @throws PayloadTooLargeError (413) over 5 MB: 'Image size should be less than 5MB.'
 * @throws ValidationError (400) for bytes that are not an accepted image: 'Please select a
 *   valid image file.', or for an image over 40 megapixels.
 */
export async function processImage(input: Uint8Array): Promise<ProcessedImage> {
  if (input.byteLength > IMAGE_MAX_BYTES) throw new PayloadTooLargeError(messages.image.tooLarge);
  if (input.byteLength === 0) throw invalidImage();
  // Outside the catches below: a sharp that cannot load is the server's fault (500), not the
  // image's.
  const sharp = await loadSharp();

  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw invalidImage();
  // Header sizes are checked before a single pixel is decoded.
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > IMAGE_MAX_PIXELS) {
    throw new ValidationError(TOO_MANY_PIXELS_MESSAGE, { image: [TOO_MANY_PIXELS_MESSAGE] });
  }

  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: IMAGE_MAX_PIXELS,
      failOn: 'truncated',
    })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw invalidImage();
  }
}

let sharpModule: Promise<(input: Uint8Array, options?: SharpOptions) => Sharp> | undefined;

/**
 * sharp, loaded with the first image rather than at start: its native library and bindings
 * are 15-35 MB of a server's memory, which a book without photos never uses
 * (docs/performance.md#memory).
 */
function loadSharp() {
  return (sharpModule ??= import('sharp').then((module) => module.default));
}

function invalidImage(): ValidationError {
  return new ValidationError(messages.image.notAnImage, { image: [messages.image.notAnImage] });
}
