import { defineConfig } from 'vitest/config';
import { testDatabaseProjects } from '../db/src/test-projects.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: testDatabaseProjects(),
  },
});
