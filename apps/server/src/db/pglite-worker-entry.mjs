// Starts the database thread (pglite-worker.ts) when the server runs from its TypeScript sources (`npm run dev`,
// Vitest). A worker thread does not inherit the TypeScript loader the server was started with
// (`node --import tsx`), so it registers tsx itself before loading the worker. The compiled build
// (scripts/build-server.mjs) puts the worker's own bundle under this same name beside dist/main.js.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
