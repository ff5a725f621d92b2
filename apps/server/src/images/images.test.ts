import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformer } from '@kith/validators/transformer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { TestClient } from '../test-support/test-client';
import { jpegWithGps, multipart, png, pngBomb } from '../test-support/test-images';
import { signedInClient } from '../test-support/test-users';
import { runRetention } from '@kith/api';

let t: TestApp;
let client: TestClient;

/** Runs retention 31 days from now: the history forgets every version recorded so far. */
async function forgetHistory() {
  await runRetention({ db: t.db, images: t.images }, new Date(Date.now() + 31 * 24 * 3600_000));
}

beforeAll(async () => {
  t = await createTestApp();
  ({ client } = await signedInClient(t));
});

afterAll(async () => {
  await t.close();
});

async function upload(
  bytes: Uint8Array,
  fields: Record<string, string> = {},
  by = client,
  type?: string,
) {
  const body = await multipart(fields, { field: 'image', bytes, type });
  return by.send({ method: 'POST', url: '/api/v1/image', ...body });
}

/** The stored file behind a photo link `/uploads/<key>?exp=…&sig=…`. */
function storedFile(url: string): Buffer {
  return readFileSync(
    join(t.uploadsDir, new URL(url, 'http://x').pathname.slice('/uploads/'.length)),
  );
}

describe('POST /image', () => {
  it('returns a publicId and url, and the stored file carries no metadata at all', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(original);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Image uploaded successfully!');
    const { image } = res.body.data as { image: { publicId: string; url: string } };
    expect(image.url).toMatch(new RegExp(`^/uploads/${image.publicId}\\.webp\\?exp=\\d+&sig=`));

    const stored = storedFile(image.url);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes('GPS')).toBe(false);
    expect(stored.includes('private-owner')).toBe(false);

    const served = await client.send({ method: 'GET', url: image.url });
    expect(served.status).toBe(200);
  });

  it('applies the EXIF orientation and resizes to at most 512 px', async () => {
    const rotated = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: '#123456' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(rotated);
    const { image } = res.body.data as { image: { url: string } };
    const meta = await sharp(storedFile(image.url)).metadata();
    expect([meta.width, meta.height]).toEqual([256, 512]);
  });

  it('decodes the bytes, whatever type the file claims', async () => {
    const res = await upload(await png(), {}, client, 'text/plain');
    expect(res.status).toBe(201);
  });

  it.each([
    ['random bytes', Buffer.from('definitely not an image, just text pretending')],
    [
      'an SVG with a script',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      ),
    ],
    ['a truncated JPEG', (async () => (await jpegWithGps(400, 300)).subarray(0, 600))()],
    ['an empty file', Buffer.alloc(0)],
  ])("answers 400 'Please select a valid image file.' for %s", async (_label, bytes) => {
    const res = await upload(await bytes);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please select a valid image file.');
  });

  it("answers 413 'Image size should be less than 5MB.' over 5 MB", async () => {
    const res = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Image size should be less than 5MB.');
  });

  it('refuses a 20000 x 20000 PNG of a few KB without decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.byteLength).toBeLessThan(10_000);
    const before = process.memoryUsage().rss;
    const res = await upload(bomb);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/too many pixels/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('replaces an earlier upload when given its publicId, deleting the old file', async () => {
    const first = (await upload(await png())).body.data as {
      image: { publicId: string; url: string };
    };
    const second = await upload(await png(), { publicId: first.image.publicId });
    expect(second.status).toBe(201);
    expect(existsSync(join(t.uploadsDir, `${first.image.publicId}.webp`))).toBe(false);
  });

  it('deletes an image (DELETE /image/{id})', async () => {
    const { image } = (await upload(await png())).body.data as { image: { publicId: string } };
    const res = await client.rest('DELETE', `/image/${image.publicId}`);
    expect(res.body).toMatchObject({ success: true, message: 'Image delete successfully!' });
    expect(existsSync(join(t.uploadsDir, `${image.publicId}.webp`))).toBe(false);
    expect((await client.rest('DELETE', `/image/${image.publicId}`)).status).toBe(404);
  });

  it('uploads over tRPC too, carrying the bytes in the request', async () => {
    const res = await client.send({
      method: 'POST',
      url: '/api/trpc/images.upload',
      payload: JSON.parse(transformer.stringify({ data: new Uint8Array(await png()) })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('images and contacts', () => {
  it('shows the avatar on the contact; deleting the contact deletes its image once the history forgets it', async () => {
    const { image } = (await upload(await jpegWithGps())).body.data as {
      image: { publicId: string; url: string };
    };
    const created = await client.rest('POST', '/contacts', {
      firstName: 'Pic',
      lastName: 'Ture',
      phone: '1',
      avatar: { publicId: image.publicId, url: image.url },
    });
    const contact = created.body.data as { _id: string; avatar: { url: string; publicId: string } };
    expect(contact.avatar).toEqual({ url: image.url, publicId: image.publicId });

    await client.rest('PATCH', `/trash/${contact._id}`);
    await client.rest('DELETE', `/contacts/delete/${contact._id}`);
    // The history keeps the contact 30 days, photo included (docs/history.md#photos).
    expect(existsSync(join(t.uploadsDir, `${image.publicId}.webp`))).toBe(true);
    await forgetHistory();
    expect(existsSync(join(t.uploadsDir, `${image.publicId}.webp`))).toBe(false);
  });

  it('takes a new photo with a multipart PUT; the one it replaces goes once the history forgets it', async () => {
    const { image } = (await upload(await png())).body.data as { image: { publicId: string } };
    const created = await client.rest('POST', '/contacts', {
      firstName: 'Old',
      lastName: 'Photo',
      phone: '1',
      avatar: { publicId: image.publicId },
    });
    const id = (created.body.data as { _id: string })._id;
    const body = await multipart(
      { name: 'New Photo', phone: '2' },
      { field: 'avatarImage', bytes: await jpegWithGps() },
    );
    const res = await client.send({ method: 'PUT', url: `/api/v1/contacts/${id}`, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = res.body.data as { name: string; avatar: { publicId: string; url: string } };
    expect(updated.name).toBe('New Photo');
    expect(updated.avatar.publicId).not.toBe(image.publicId);
    expect(existsSync(join(t.uploadsDir, `${updated.avatar.publicId}.webp`))).toBe(true);
    expect(existsSync(join(t.uploadsDir, `${image.publicId}.webp`))).toBe(true);
    await forgetHistory();
    expect(existsSync(join(t.uploadsDir, `${updated.avatar.publicId}.webp`))).toBe(true);
    expect(existsSync(join(t.uploadsDir, `${image.publicId}.webp`))).toBe(false);
  });

  it('removes the avatar when the publicId is emptied; the image goes once the history forgets it', async () => {
    const { image } = (await upload(await png())).body.data as { image: { publicId: string } };
    const created = await client.rest('POST', '/contacts', {
      firstName: 'No',
      lastName: 'Photo',
      phone: '1',
      avatar: { publicId: image.publicId },
    });
    const id = (created.body.data as { _id: string })._id;
    const res = await client.rest('PATCH', `/contacts/${id}`, {
      avatar: { publicId: '', url: '' },
    });
    expect(res.body.data).toMatchObject({ avatar: { url: '', publicId: '' } });
    expect(readdirSync(t.uploadsDir)).toContain(`${image.publicId}.webp`);
    await forgetHistory();
    expect(readdirSync(t.uploadsDir)).not.toContain(`${image.publicId}.webp`);
  });
});
