// @ts-check
/**
 * The layers of packages/api/src, checked by dependency-cruiser in the package's `lint`
 * script (`depcruise src --config .dependency-cruiser.cjs`), so `pnpm lint` checks them.
 *
 * Every folder of src/ sits in one tier of `TIERS`. A folder imports only folders of the
 * tiers before its own, never another folder of its own tier nor one above, so the folders
 * form no cycle (and `no-folder-cycles` says so of any folder that slips through). The
 * top-level files (`root.ts`, `index.ts`, `client-types.ts`, `rest-api.ts`, `rest-routes.ts`,
 * `openapi-document.ts`) assemble everything; no folder imports them.
 *
 * Type-only imports count like any other (`tsPreCompilationDeps: true`): a type ties a
 * module to the one it comes from as much as a value does, so the layers hold for types too.
 */

/** The tiers, lowest first. A folder imports only folders of the tiers before its own. */
const TIERS = [
  // Plumbing.
  /**
   * The error family, the event-loop helper, the book lock, prepared queries, Zod error
   * shapes, CardDAV's hrefs. Imports nothing of ours.
   */
  ['shared'],
  /**
   * The server's long-lived dependencies, and what proves who calls: mail, rate limits, image
   * bytes (disk or S3), and credentials (keys, passwords, sessions and their cookies).
   */
  ['mail', 'rate-limits', 'storage', 'credentials'],
  /** The tRPC context (those dependencies) and the procedure builders. */
  ['trpc'],
  // Formats.
  /** vCard reading and writing; the REST envelope, route shape, multipart and wire schemas. */
  ['vcard', 'rest'],
  // Core domains, each on the tiers before it.
  /**
   * Images; app passwords (the account and recovery revoke them); API tokens; feedback; health.
   */
  ['images', 'app-passwords', 'api-tokens', 'feedback', 'health'],
  /**
   * The second factor: passkeys, authenticator apps, recovery codes, the pending sign-in and the
   * step-up, which the account, sign-in and recovery ask.
   */
  ['second-factor'],
  /** The signed-in person's own account: profile, preferences, password, deletion, purge. */
  ['account'],
  /** Sign-up, verification and sign-in, which read the account's profile and purge. */
  ['auth'],
  /** Password recovery, made of auth's codes and mails. */
  ['recover'],
  ['contacts'],
  /** What acts on contacts: labels (and every write of them), the star, the trash, search. */
  ['labels', 'favorites', 'trash', 'search'],
  // Features, made of the core domains.
  ['reminders', 'imports', 'dav', 'merge', 'history'],
  /** The data export (contacts, labels, reminders, profile) and the hourly jobs. */
  ['data-export', 'jobs'],
];

/** Folders whose files other folders reach only through the folder's `index.ts`. */
const DOMAINS = TIERS.slice(4).flat();

/** `^src/(a|b)/`: the files of these folders. */
const folders = (names) => `^src/(${names.join('|')})/`;

/** One rule per folder: nothing of its own tier (but itself) or above, nor the assembly. */
const layerRules = TIERS.flatMap((tier, index) =>
  tier.map((folder) => {
    const notBelow = [
      ...tier.filter((other) => other !== folder),
      ...TIERS.slice(index + 1).flat(),
    ];
    const below = TIERS.slice(0, index).flat().join(', ') || 'nothing of ours';
    return {
      name: `layer-${folder}`,
      severity: 'error',
      comment: `${folder}/ imports only the tiers below it (${below}); move what both sides need down.`,
      from: { path: `^src/${folder}/` },
      to: { path: [...(notBelow.length ? [folders(notBelow)] : []), '^src/[^/]+\\.ts$'] },
    };
  }),
);

/** A file of one folder imports a domain folder's `index.ts`, never its other files. */
const barrelRules = [
  {
    name: 'domain-through-index',
    severity: 'error',
    comment:
      'Reach another domain through its index.ts, which exports what others use; its other files are its own.',
    from: { path: '^src/([^/]+)/' },
    to: {
      path: `${folders(DOMAINS)}.`,
      pathNot: ['^src/$1/', `${folders(DOMAINS)}index\\.ts$`],
    },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment: 'The folders of src/ form no cycle.',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      comment: 'Modules form no cycle, within a folder either.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      severity: 'error',
      comment: 'shared/ is the bottom: it imports no other folder of src/.',
      from: { path: '^src/shared/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    ...layerRules,
    ...barrelRules,
    {
      name: 'routes-call-services',
      severity: 'error',
      comment:
        'tRPC routers, REST routes and Fastify route files call services; the SQL (drizzle-orm) is in the services.',
      from: { path: '\\.(router|rest|route|routes)\\.ts$' },
      to: { path: '(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // This package's own modules; the workspace packages it imports are checked by their own.
    doNotFollow: { path: ['node_modules', '^\\.\\./'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
