import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { TestClient } from './test-client';

/** A JPEG carrying camera and GPS EXIF, as phones write them. */
export function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .withExif({
      IFD0: { Make: 'KithPhone', Model: 'Tracker 9', Copyright: 'private-owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2649/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3960/100',
      },
    })
    .jpeg()
    .toBuffer();
}

/** A small PNG. */
export function png(width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#ff8800' } })
    .png()
    .toBuffer();
}

/**
 * A valid PNG header claiming 20000 x 20000 pixels around a few bytes of data: a
 * decompression bomb, a few hundred bytes on disk and 400 megapixels decoded.
 */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((side / 8 + 1) * 8); // eight rows of zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A multipart body the way a browser's FormData sends it. */
export async function multipart(
  fields: Record<string, string>,
  file?: { field: string; bytes: Uint8Array; name?: string; type?: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) {
    form.set(
      file.field,
      new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }),
      file.name ?? 'photo.jpg',
    );
  }
  const request = new Request('http://localhost', { method: 'POST', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

/** Uploads a small PNG through `POST /api/v1/image` as `client`; returns its publicId. */
export async function uploadPng(client: TestClient): Promise<string> {
  const body = await multipart({}, { field: 'image', bytes: await png() });
  const res = await client.send({ method: 'POST', url: '/api/v1/image', ...body });
  return (res.body.data as { image: { publicId: string } }).image.publicId;
}
