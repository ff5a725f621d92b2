import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features, one folder each. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The browser takes the API's types, never its code (ARCHITECTURE.md). */
const typeOnlyApi = {
  name: '@kith/api',
  allowTypeImports: true,
  message: 'The web app imports only types from @kith/api.',
};

/** A feature never imports another feature's files. */
const notOtherFeatures = (feature) => ({
  regex: `^(\\.\\./)+(${webFeatures.filter((f) => f !== feature).join('|')})/`,
  message: `A feature imports only lib/, components/ and its own files; move what ${feature} shares with another feature to lib/ or components/.`,
});

/**
 * Nothing below the routes imports them: routes compose features, so a feature (and lib/ and
 * components/) never reaches back into routes/ (ARCHITECTURE.md).
 */
const notRoutes = {
  regex: '^(\\.\\./)+routes/',
  message:
    'Only routes import routes/. Move what is shared to lib/ or components/, or let the route compose it.',
};

/** Screens call the API through their feature's api module, never the tRPC hooks directly. */
const callsInApiModules = {
  regex: '/lib/trpc$',
  allowTypeImports: true,
  message:
    "Call the API from the feature's api module (api.ts or api/), which owns its cache effects.",
};

/**
 * A write (`db.insert(t)`, `.update(t)`, `.delete(t)`) of one of `tables`: each table has one
 * writer module (ARCHITECTURE.md "Domains"), and every other file calls it.
 */
const writesOf = (tables, writer) => ({
  selector: `CallExpression[callee.property.name=/^(insert|update|delete)$/] > Identifier.arguments[name=/^(${tables.join('|')})$/]`,
  message: `Write ${tables.join(' and ')} through ${writer}, their one writer.`,
});
const contactWrites = writesOf(['contacts'], 'contacts/writes.ts');
const labelWrites = writesOf(['labels', 'contactLabels'], 'labels/ (writes.ts for other domains)');
const mergeWrites = writesOf(['duplicateDismissals', 'mergeUndos'], 'merge/writes.ts');

/** One ESLint configuration for the whole monorepo; each package runs `eslint .` against it. */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/.turbo/**',
      '**/routeTree.gen.ts',
      // The packed-SDK test's throwaway project: checked by its own tsc, outside the workspace.
      'packages/client/test/packed/project/**',
      'test-results/**',
      'playwright-report/**',
      // Real vCards, kept byte for byte.
      'apps/server/test-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // The environment is validated once (apps/server/src/env.ts); nothing else reads it.
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration from env.ts (loadEnv), not process.env.',
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/env.ts',
      '**/testing.ts',
      '**/test-projects.ts',
      '**/*.config.ts',
      'e2e/**',
      // Start a server (and a consumer program) as child processes, each with its environment.
      'packages/client/test/packed/**',
      'apps/server/reliability/**',
      // Benchmarks read their settings (sizes, durations, database) from the environment.
      'bench/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [typeOnlyApi] }],
    },
  },
  // A feature imports lib/, components/ and its own files, never another feature
  // (ARCHITECTURE.md): shared code flows lib and components -> features -> routes.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [typeOnlyApi],
          patterns: [notOtherFeatures(feature), notRoutes, callsInApiModules],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/routes/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [typeOnlyApi], patterns: [callsInApiModules] },
      ],
    },
  },
  // An api module is where a feature's calls are made (and its cache is invalidated).
  ...webFeatures.map((feature) => ({
    files: [
      `apps/web/src/features/${feature}/**/api.ts`,
      `apps/web/src/features/${feature}/**/api/*.ts`,
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [typeOnlyApi], patterns: [notOtherFeatures(feature), notRoutes] },
      ],
    },
  })),
  {
    files: ['apps/web/src/routes/**/api.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [typeOnlyApi] }] },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/features/',
              message: 'lib/ and components/ are shared by features and never import one.',
            },
            notRoutes,
          ],
        },
      ],
    },
  },
  {
    files: ['packages/api/src/**/*.ts'],
    ignores: ['packages/api/src/root.ts'],
    rules: {
      // A domain never reaches into another domain's router (ARCHITECTURE.md "Domains").
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z-]+/[a-z-]+\\.router$',
              message: 'Import the other domain’s service or a shared helper, not its router.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/api/src/**/*.ts'],
    ignores: ['packages/api/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', contactWrites, labelWrites, mergeWrites] },
  },
  {
    files: ['packages/api/src/contacts/writes.ts'],
    rules: { 'no-restricted-syntax': ['error', labelWrites, mergeWrites] },
  },
  {
    files: ['packages/api/src/labels/**/*.ts'],
    ignores: ['packages/api/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', contactWrites, mergeWrites] },
  },
  {
    files: ['packages/api/src/merge/writes.ts'],
    rules: { 'no-restricted-syntax': ['error', contactWrites, labelWrites] },
  },
);
