import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

export default defineConfig({
  // The README's examples (src/readme.test.ts) import the package by its name, as Node would.
  resolve: {
    alias: [
      { find: /^@kith\/client$/, replacement: src('node.ts') },
      { find: /^@kith\/client\/(node|links|validators)$/, replacement: src('$1.ts') },
    ],
  },
  test: { include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
});
