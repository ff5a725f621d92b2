import { defineConfig } from 'vitest/config';

/**
 * `pnpm test:reliability` (docs/reliability.md): load, crash, database outage and hostile input,
 * against PostgreSQL (`TEST_DATABASE_URL`). Files run one after another so their loads do not mix.
 * `pnpm test:reliability` runs scheduled-jobs.test.ts beside them in a second Vitest: it spends its
 * minute or two waiting for pg-boss's cron, with two idle servers that load nothing.
 */
export default defineConfig({
  test: {
    include: ['reliability/**/*.test.ts'],
    env: { KITH_TEST_DB: 'postgres' },
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
