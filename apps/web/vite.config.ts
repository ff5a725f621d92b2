import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // Brotli and gzip copies of every text asset, made once at build and served as files
    // (the server's preCompressed), not compressed again on each request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|webmanifest|txt)$/,
      threshold: 1024,
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': api, '/uploads': api, '/dav': api, '/.well-known': api },
  },
  // The manifest lets `pnpm bench:web` count each route's initial JS and CSS.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
});
