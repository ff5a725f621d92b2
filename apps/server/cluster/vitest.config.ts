import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `pnpm test:cluster` (docs/cluster.md): several server processes behind HAProxy, with
 * PostgreSQL, Redis, an SMTP server and an S3-compatible store. One file, one run: the
 * cluster is started once and every claim is checked against it in order.
 */
export default defineConfig({
  root: resolve(import.meta.dirname, '..'),
  test: {
    include: ['cluster/**/*.test.ts'],
    env: { KITH_TEST_DB: 'postgres' },
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
