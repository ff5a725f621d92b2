import { defineConfig } from 'vitest/config';
import { testDatabaseProjects } from './packages/db/src/test-projects.ts';

/**
 * The one Vitest config of the packages whose tests touch the database (db, api, server):
 * their `src/**\/*.test.ts`, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL too
 * (DESIGN.md "Testing layers"). Each package's vitest.config.ts re-exports it.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: testDatabaseProjects(),
  },
});
