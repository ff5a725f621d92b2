import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';

/**
 * Where image bytes live: local disk or S3-compatible storage. Keys are
 * opaque (`<uuid>.webp`). Nothing here is public: the server itself serves each image to
 * whoever holds a signed link (`withPhotoLinks`).
 */
export interface ImageStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** An image store that also gives each image's address for a browser. */
export interface ImageStorage extends ImageStore {
  /** `/uploads/<key>?exp=…&sig=…`: a short-lived signed link (see `photo-links.ts`). */
  urlFor(key: string): string;
}

/** Files under `dir` (`$DATA_DIR/uploads`). */
export function createLocalImageStorage(dir: string): ImageStore {
  return {
    async put(key, bytes) {
      const file = join(dir, key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(key) {
      try {
        return await readFile(join(dir, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(join(dir, key), { force: true });
    },
  };
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2); unset means AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * S3-compatible object storage (`@aws-sdk/client-s3`), for several server instances. The
 * bucket stays private: browsers get images through the server's signed links.
 */
export function createS3ImageStorage(options: S3StorageOptions): ImageStore {
  // The AWS SDK is loaded on the first call: it is a large part of the server's code, which
  // a server that keeps photos on disk never runs (docs/performance.md#memory).
  let connected: Promise<{ s3: typeof S3; client: S3Client }> | undefined;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: Boolean(options.endpoint),
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      }),
    })));
  return {
    async put(key, bytes, contentType) {
      const { s3, client } = await connect();
      await client.send(
        new s3.PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      const { s3, client } = await connect();
      try {
        const object = await client.send(
          new s3.GetObjectCommand({ Bucket: options.bucket, Key: key }),
        );
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof s3.NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
