import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/precompress';
import { bootConstantsPlugin } from './build/boot-constants-plugin';
import { phoneLeadCodeSplitting } from './build/phone-chunks';
import { prerenderLoginPlugin } from './build/prerender-login-plugin';
import { serviceWorkerPlugin } from './build/service-worker-plugin';

/**
 * Served by the server under {BASE_PATH}home/2.0/login/ (apps/server/src/console.ts); routes live in the
 * hash. Built with relative addresses, so one build works under any BASE_PATH.
 */
const CONSOLE_BASE = './';

/** Compressed siblings of every built file, sent as they are by the server (apps/server/src/console.ts). */
const precompressPlugin = (): Plugin => {
  let outDir = '';
  return {
    name: 'yuexun-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After the login page is prerendered into index.html (plugins run in order).
    closeBundle: { sequential: true, order: 'post', handler: () => precompress(outDir) },
  };
};

const buildId = process.env.CONSOLE_BUILD_ID ?? new Date().toISOString().replace(/[-:.TZ]/g, '');

export default defineConfig({
  base: CONSOLE_BASE,
  plugins: [
    bootConstantsPlugin(),
    react(),
    serviceWorkerPlugin(buildId),
    prerenderLoginPlugin(),
    precompressPlugin(),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId), __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // The phone lead page in two files of its own, not ~25 (build/phone-chunks.ts, decision 065).
    rolldownOptions: { output: { codeSplitting: phoneLeadCodeSplitting() } },
  },
  server: {
    proxy: {
      '/store/api': 'http://127.0.0.1:3000',
      '/news/api': 'http://127.0.0.1:3000',
      '/fs/api': 'http://127.0.0.1:3000',
    },
  },
});
