// @ts-check
/**
 * The layers of packages/api/src, checked by dependency-cruiser in `pnpm lint`
 * (`depcruise src --config .dependency-cruiser.cjs`).
 *
 * Every folder of src/ sits in one tier below. A folder imports only folders of lower tiers,
 * never one of its own tier nor of a higher one, so the folders form no cycle; the top-level
 * files (`root.ts`, `index.ts`, `client-types.ts`, `rest-api.ts`, `rest-routes.ts`,
 * `openapi-document.ts`) assemble everything and nothing imports them.
 *
 * Type-only imports count like any other (`tsPreCompilationDeps: true`): a type names the
 * module it comes from as much as a value does, so the layers hold for types too.
 */

/** The tiers, lowest first. A folder imports only folders of the tiers before its own. */
const TIERS = [
  // Plumbing.
  /** The error family, the event-loop helper, the book lock, Zod error shapes, CardDAV hrefs. */
  ['shared'],
  /**
   * The server's long-lived dependencies and what proves who calls: mail, rate limits, image
   * bytes (disk or S3), keys, passwords, sessions and their cookies.
   */
  ['mail', 'rate-limits', 'storage', 'credentials'],
  /** The tRPC context (those dependencies) and the procedure builders. */
  ['trpc'],
  // Formats.
  /** vCard reading and writing; the REST envelope, route shape, multipart and wire schemas. */
  ['vcard', 'rest'],
  // Core domains, each on those before it.
  ['images', 'app-passwords', 'feedback', 'health'],
  /** The signed-in person's own account (profile, password, deletion and the purge). */
  ['account'],
  /** Sign-up, verification and sign-in, which read the account's profile. */
  ['auth'],
  ['recover'],
  ['contacts'],
  /** Everything that acts on contacts. */
  ['labels', 'favorites', 'trash', 'search'],
  // Features, made of the core domains.
  ['reminders', 'imports', 'dav'],
  ['data-export', 'jobs'],
];

/** Folders whose files other folders reach only through the folder's `index.ts`. */
const DOMAINS = TIERS.slice(4).flat();

/**
 * Files that still import another domain's internals instead of its `index.ts`, each with the
 * import it makes. Empty this list as they change.
 */
const PENDING_BARREL_IMPORTS = [];

const folders = (names) => `^src/(${names.join('|')})/`;

/** One rule per folder: nothing of its own tier (but itself) or above, nor the assembly. */
const layerRules = TIERS.flatMap((tier, index) =>
  tier.map((folder) => {
    const notBelow = [
      ...tier.filter((other) => other !== folder),
      ...TIERS.slice(index + 1).flat(),
    ];
    return {
      name: `layer-${folder}`,
      severity: 'error',
      comment:
        `${folder}/ imports only the tiers below it (${TIERS.slice(0, index).flat().join(', ') || 'nothing of ours'}); ` +
        'move what both sides need down to the lower one.',
      from: { path: `^src/${folder}/` },
      to: {
        path: [...(notBelow.length ? [folders(notBelow)] : []), '^src/[^/]+\\.ts$'],
      },
    };
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment: 'Folders of src/ form no cycle.',
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
    {
      name: 'domain-through-index',
      severity: 'error',
      comment:
        'Another domain is reached through its index.ts, which exports what others use; its other files are its own.',
      from: { path: '^src/([^/]+)/', pathNot: PENDING_BARREL_IMPORTS.map((entry) => entry.file) },
      to: {
        path: `${folders(DOMAINS)}.`,
        pathNot: ['^src/$1/', `${folders(DOMAINS)}index\\.ts$`],
      },
    },
    {
      name: 'routes-call-services',
      severity: 'error',
      comment:
        'tRPC routers, REST routes and Fastify route files call services; the SQL (drizzle-orm) is in the services.',
      from: { path: '\\.(router|rest|route|routes)\\.ts$' },
      to: { path: '^drizzle-orm' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
