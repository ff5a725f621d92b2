// Builds the SDK for other projects, ESM and CommonJS, each with its declarations:
// - dist/*.js: ESM (esbuild, code split so the entries share one copy of each module);
// - dist/*.cjs: CommonJS (rollup, from a second ESM build that also carries superjson, which
//   is ESM only, so `require()` works on every Node the package supports);
// - dist/*.d.ts and dist/*.d.cts: one set of declarations (rollup-plugin-dts), written twice,
//   with each procedure's docstring put back (scripts/procedure-docs.mjs).
// The workspace packages (@kith/validators, and @kith/api's types) are bundled in, so the
// packed tarball depends on published packages only. Source maps carry their sources.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { addProcedureDocs } from './scripts/procedure-docs.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const dependencies = Object.keys(pkg.dependencies);
const isDependency = (id) => dependencies.some((name) => id === name || id.startsWith(`${name}/`));
/** The package's entries: `.`, `./node`, `./links`, `./validators` (package.json `exports`). */
const entryPoints = {
  index: 'src/index.ts',
  node: 'src/node.ts',
  links: 'src/links.ts',
  validators: 'src/validators.ts',
};
/** Packages the CommonJS build carries inside, as they cannot be `require()`d everywhere. */
const ESM_ONLY = ['superjson'];

rmSync('dist', { recursive: true, force: true });

const esbuildOptions = {
  entryPoints,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  sourcemap: true,
  logLevel: 'warning',
};

await build({
  ...esbuildOptions,
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  external: dependencies.flatMap((name) => [name, `${name}/*`]),
});

// CommonJS: esbuild cannot split CommonJS, so rollup turns a code-split ESM build into it
// (shared chunks kept shared, so `ContactsApiError` is one class across the entries).
const esmForCjs = 'dist/.esm-for-cjs';
await build({
  ...esbuildOptions,
  outdir: esmForCjs,
  platform: 'node',
  external: dependencies
    .filter((name) => !ESM_ONLY.includes(name))
    .flatMap((name) => [name, `${name}/*`]),
});
const cjs = await rollup({
  input: Object.fromEntries(
    Object.keys(entryPoints).map((name) => [name, `${esmForCjs}/${name}.js`]),
  ),
  external: isDependency,
  plugins: [withInputSourceMaps()],
});
await cjs.write({
  dir: 'dist',
  format: 'cjs',
  entryFileNames: '[name].cjs',
  chunkFileNames: 'chunks/[name]-[hash].cjs',
  sourcemap: true,
  exports: 'named',
  interop: 'auto',
});
await cjs.close();
rmSync(esmForCjs, { recursive: true, force: true });

const types = await rollup({
  input: entryPoints,
  external: isDependency,
  plugins: [dts({ tsconfig: './tsconfig.build.json', respectExternal: false })],
  onwarn(warning, warn) {
    // Type-only imports the bundle drops; harmless.
    if (warning.code !== 'UNUSED_EXTERNAL_IMPORT') warn(warning);
  },
});
await types.write({
  dir: 'dist',
  format: 'es',
  entryFileNames: '[name].d.ts',
  chunkFileNames: 'chunks/[name]-[hash].d.ts',
});
await types.close();

// TypeScript keeps no comments in the router's inferred type: put each procedure's back.
const declarationFiles = ['dist', 'dist/chunks'].flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.d.ts'))
    .map((name) => join(dir, name)),
);
if (addProcedureDocs(declarationFiles) < 50) {
  throw new Error("the procedures' docstrings were not found in the declarations");
}

// The same declarations for `require`: .d.cts files naming their chunks by .cjs.
for (const dir of ['dist', 'dist/chunks']) {
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.d.ts'))) {
    const text = readFileSync(join(dir, file), 'utf8').replace(
      /(from\s+['"]\.{1,2}\/[^'"]+)\.js(['"])/g,
      '$1.cjs$2',
    );
    writeFileSync(join(dir, file.replace(/\.d\.ts$/, '.d.cts')), text);
  }
}

/** Rollup reads each input's own source map, so the CommonJS maps lead to the TypeScript. */
function withInputSourceMaps() {
  return {
    name: 'input-source-maps',
    load(id) {
      if (!id.endsWith('.js') || !existsSync(`${id}.map`)) return null;
      return {
        code: readFileSync(id, 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, ''),
        map: readFileSync(`${id}.map`, 'utf8'),
      };
    },
  };
}
