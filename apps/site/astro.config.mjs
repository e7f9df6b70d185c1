// Astro renders the site's React components on the server; the Fastify server mounts the handler
// (apps/server/src/site.ts). Built once: BASE_PATH is applied at request time, not here.
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  trailingSlash: 'ignore',
  // Fastify checks Origin for the site's POSTs (same rule as the API's), with the configured origin.
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  prefetch: false,
  // One small stylesheet per page: inlined, so the first paint waits for no extra request.
  build: { inlineStylesheets: 'always' },
  vite: { build: { assetsInlineLimit: 0 } },
});
