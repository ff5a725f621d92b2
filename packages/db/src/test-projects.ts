/**
 * Vitest projects for packages whose tests touch the database: PGlite always, and PostgreSQL
 * too when `TEST_DATABASE_URL` is set, which then alone runs the files of
 * `ONE_DATABASE_IS_ENOUGH` (docs/testing.md). Kept free of imports so Vite can load it from a
 * config file.
 */
export function testDatabaseProjects() {
  const both = Boolean(process.env.TEST_DATABASE_URL);
  const projects: { extends: true; test: { name: string; env: object; exclude?: string[] } }[] = [
    {
      extends: true,
      test: {
        name: 'pglite',
        env: { KITH_TEST_DB: 'pglite' },
        ...(both ? { exclude: ONE_DATABASE_IS_ENOUGH } : {}),
      },
    },
  ];
  if (both) {
    projects.push({ extends: true, test: { name: 'postgres', env: { KITH_TEST_DB: 'postgres' } } });
  }
  return projects;
}

/**
 * Files whose rules live above the database, in code both engines run the same way: the REST
 * contract and its documented examples (the paths, statuses and schemas of the OpenAPI
 * document) and the WebAuthn ceremony. With PostgreSQL beside PGlite they run once, on
 * PostgreSQL; without it, on PGlite (docs/testing.md, "One database or two").
 */
const ONE_DATABASE_IS_ENOUGH = [
  'src/rest/rest-contract.test.ts',
  'src/rest/rest-coverage.test.ts',
  'src/rest/doc-examples.test.ts',
  'src/second-factor/passkeys.test.ts',
];
