/**
 * Emits sw.js and build.json next to index.html. The worker's text carries the build id and the list of
 * hashed files, so every deployment changes sw.js byte-wise and the browser installs the new worker;
 * the page then offers a refresh (see src/pwa/).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const serviceWorkerPlugin = (buildId: string): Plugin => ({
  name: 'yuexun-console-service-worker',
  apply: 'build',
  generateBundle(_options, bundle) {
    const assets = Object.keys(bundle).filter((file) => file.startsWith('assets/'));
    const template = readFileSync(fileURLToPath(new URL('./sw.template.js', import.meta.url)), 'utf8');
    const source = template
      .replace('__BUILD_ID__', JSON.stringify(buildId))
      .replace('__PRECACHE__', JSON.stringify(['./', ...assets.filter((a) => !a.endsWith('.map'))]));
    this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ buildId }) });
  },
});
