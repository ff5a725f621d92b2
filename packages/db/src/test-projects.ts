/**
 * Vitest projects for packages whose tests touch the database: PGlite always, and PostgreSQL
 * too when `TEST_DATABASE_URL` is set (docs/testing.md). Kept free of imports so
 * Vite can load it from a config file.
 */
export function testDatabaseProjects() {
  const projects = [
    { extends: true as const, test: { name: 'pglite', env: { KITH_TEST_DB: 'pglite' } } },
  ];
  if (process.env.TEST_DATABASE_URL) {
    projects.push({ extends: true, test: { name: 'postgres', env: { KITH_TEST_DB: 'postgres' } } });
  }
  return projects;
}
