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
  },
});
