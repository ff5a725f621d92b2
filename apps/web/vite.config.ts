import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': api, '/uploads': api },
  },
  // The manifest lets `pnpm bench:web` count each route's initial JS and CSS.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
