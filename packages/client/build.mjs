// Builds the SDK for other projects: ESM JavaScript (esbuild) and one set of .d.ts files
// (rollup-plugin-dts), both with the workspace packages (@kith/validators, and @kith/api's
// types) bundled in, so the packed tarball depends on published packages only.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const dependencies = Object.keys(pkg.dependencies);
const isDependency = (id) => dependencies.some((name) => id === name || id.startsWith(`${name}/`));
const entryPoints = { index: 'src/index.ts', links: 'src/links.ts' };

rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  sourcemap: true,
  external: dependencies.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});

const types = await rollup({
  input: entryPoints,
  external: isDependency,
  plugins: [dts({ tsconfig: './tsconfig.build.json', respectExternal: false })],
  onwarn(warning, warn) {
    // Type-only imports the bundle drops; harmless.
    if (warning.code !== 'UNUSED_EXTERNAL_IMPORT') warn(warning);
  },
});
await types.write({ dir: 'dist', format: 'es', entryFileNames: '[name].d.ts' });
await types.close();
