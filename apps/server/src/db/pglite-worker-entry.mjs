// Starts the database thread (pglite-worker.ts). A worker thread does not inherit the TypeScript loader the
// server was started with (`node --import tsx`), so it registers tsx itself before loading the worker.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
