// The SDK's weight in a browser: bundles a one-line program that imports `createContactsClient`
// from the built package (dist, through `publishConfig.exports`, as npm installs it) for the
// browser with esbuild, minified, and measures it gzipped. Prints one JSON line; exits 1 above
// the budget. `src/size.test.ts` measures the sources the same way in `pnpm test`.
//
//   pnpm build && node scripts/size.mjs
//   node scripts/size.mjs --entry=@kith/client/validators --names=contactFormSchema
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The budget of a browser bundle that imports only `createContactsClient`, gzipped, in bytes. */
export const BROWSER_BUDGET_GZIP_BYTES = 15 * 1024;

/**
 * Bundles `import { <names> } from '<specifier>'` for `platform` (browser: the `browser`,
 * `import` and `default` export conditions, as bundlers for the web resolve them), minified.
 * `from: 'dist'` resolves the package as published (needs a build); `'src'` as the workspace
 * does (its `exports` point at the TypeScript). Answers the minified and gzipped sizes in
 * bytes and the bundle's inputs, largest first, with their bytes in the output.
 */
export async function measure({
  specifier = '@kith/client',
  names = ['createContactsClient'],
  platform = 'browser',
  from = 'dist',
} = {}) {
  const packageDir = resolve(import.meta.dirname, '..');
  // A throwaway project whose node_modules/@kith/client is this package, so the package's
  // `publishConfig.exports` (dist) apply as they will for someone who installed it.
  const dir = mkdtempSync(join(tmpdir(), 'kith-size-'));
  try {
    mkdirSync(join(dir, 'node_modules/@kith'), { recursive: true });
    const installed = join(dir, 'node_modules/@kith/client');
    mkdirSync(installed);
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    const published = from === 'dist' ? { ...pkg, ...pkg.publishConfig } : pkg;
    writeFileSync(join(installed, 'package.json'), JSON.stringify(published));
    symlinkSync(join(packageDir, from), join(installed, from));
    symlinkSync(join(packageDir, 'node_modules'), join(installed, 'node_modules'));
    const entry = join(dir, 'entry.js');
    writeFileSync(entry, `export { ${names.join(', ')} } from '${specifier}';\n`);
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'esm',
      platform,
      write: false,
      metafile: true,
      preserveSymlinks: false,
      logLevel: 'error',
    });
    const code = result.outputFiles[0].contents;
    const [output] = Object.values(result.metafile.outputs);
    const inputs = Object.entries(output.inputs)
      .map(([path, { bytesInOutput }]) => [path.replace(/^.*node_modules\//, ''), bytesInOutput])
      .sort((a, b) => b[1] - a[1]);
    return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const specifier = arg('entry') ?? '@kith/client';
  const { minified, gzip, inputs } = await measure({
    specifier,
    names: (arg('names') ?? 'createContactsClient').split(','),
  });
  const budget = specifier === '@kith/client' ? BROWSER_BUDGET_GZIP_BYTES : null;
  console.log(
    JSON.stringify({
      entry: specifier,
      minifiedKB: +(minified / 1024).toFixed(1),
      gzipKB: +(gzip / 1024).toFixed(1),
      budgetKB: budget && budget / 1024,
      largest: inputs.slice(0, 8).map(([path, bytes]) => `${path} ${(bytes / 1024).toFixed(1)} KB`),
    }),
  );
  if (budget && gzip > budget) process.exit(1);
}
