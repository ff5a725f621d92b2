import { defineConfig } from 'vitest/config';
import { testDatabaseProjects } from './packages/db/src/test-projects.ts';

/**
 * The one Vitest config of the packages whose tests touch the database (db, api, server):
 * their `src/**\/*.test.ts`, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL too
 * (docs/testing.md). Each package's vitest.config.ts re-exports it.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file makes its own app and database, and no test mocks a module, so files share a
    // worker's loaded modules: importing the app anew for each of 66 files cost 130 s of CPU.
    isolate: false,
    // Half of a file's time is spent waiting for PostgreSQL or the PGlite worker thread, so
    // three files at once keep two cores busy (Vitest's default here would be one).
    maxWorkers: 3,
    projects: testDatabaseProjects(),
  },
});
