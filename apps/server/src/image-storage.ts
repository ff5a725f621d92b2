import { join } from 'node:path';
import { createLocalImageStorage, createS3ImageStorage, type ImageStore } from '@kith/api';
import type { Env } from './env';

/**
 * Images go to S3-compatible storage when S3_BUCKET is set (several instances share it),
 * else to `$DATA_DIR/uploads`. Either way the server serves them at /uploads, to signed
 * links only.
 */
export function createImageStore(env: Env): ImageStore {
  if (env.S3_BUCKET) {
    return createS3ImageStorage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalImageStorage(join(env.DATA_DIR, 'uploads'));
}
