import { join } from 'node:path';
import { createLocalImageStorage, createS3ImageStorage, type ImageStorage } from '@kith/api';
import type { Env } from './env';

/**
 * Images go to S3-compatible storage when S3_BUCKET is set (several instances share it),
 * else to `$DATA_DIR/uploads`, which the server itself serves at /uploads.
 */
export function createImageStorage(env: Env): { storage: ImageStorage; localDir?: string } {
  if (env.S3_BUCKET) {
    return {
      storage: createS3ImageStorage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        publicUrl: env.S3_PUBLIC_URL,
      }),
    };
  }
  const localDir = join(env.DATA_DIR, 'uploads');
  return { storage: createLocalImageStorage(localDir), localDir };
}
