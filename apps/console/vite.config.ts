import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorkerPlugin } from './build/service-worker-plugin';

/** Served by the server under this path (apps/server/src/console.ts); routes live in the hash. */
export const CONSOLE_BASE = '/home/2.0/login/';

const buildId = process.env.CONSOLE_BUILD_ID ?? new Date().toISOString().replace(/[-:.TZ]/g, '');

export default defineConfig({
  base: CONSOLE_BASE,
  plugins: [react(), serviceWorkerPlugin(buildId)],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/store/api': 'http://127.0.0.1:3000',
      '/news/api': 'http://127.0.0.1:3000',
      '/fs/api': 'http://127.0.0.1:3000',
    },
  },
});
