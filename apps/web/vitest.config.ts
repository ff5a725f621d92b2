import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Typing through userEvent in jsdom takes 1-2 s a test; CI runs it beside the API suites
    // on two shared cores, where the default 5 s left no margin.
    testTimeout: 15_000,
    // Vitest's default on two cores is one file at a time, yet a file spends more than half its
    // time waiting (user events, Testing Library's polling): three at once took the suite from
    // 237 s to 93 s on 2026-11-27 (load 3-9). `pnpm test:unit` runs the packages one at a time,
    // so nothing else wants the cores meanwhile.
    maxWorkers: 3,
    // Each file imports the app afresh; Mantine, React and the rest as hundreds of small ES
    // modules cost most of that. Bundled once per run into one file each (as Vite does for
    // the browser), the suite took 87 s instead of 119 s on 2026-12-02 (quiet machine).
    // @simplewebauthn/browser and jschardet stay out: tests replace them with vi.mock.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@mantine/core',
            '@mantine/dropzone',
            '@mantine/form',
            '@mantine/hooks',
            '@mantine/notifications',
            '@tabler/icons-react',
            '@tanstack/react-query',
            '@tanstack/react-router',
            '@tanstack/react-virtual',
            '@trpc/client',
            '@trpc/react-query',
            'i18next',
            'react-i18next',
            'libphonenumber-js',
            'react',
            'react-dom',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
            'zod',
            'superjson',
          ],
        },
      },
    },
  },
});
