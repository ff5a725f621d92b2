import { defineConfig } from 'vitest/config';

/** The packed-SDK test (`pnpm test:packed`): slow (npm install), so apart from unit tests. */
export default defineConfig({
  test: {
    include: ['test/packed/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
