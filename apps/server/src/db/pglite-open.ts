/** Opens PGlite with the memory settings of pglite-memory.ts: in the database thread (pglite-worker.ts) or in the server's own. */
import { PGlite } from '@electric-sql/pglite';
import { type EmbeddedMemory, embeddedStartParams } from './pglite-memory';

export interface EmbeddedOpen {
  dataDir: string | null;
  template?: ArrayBuffer;
  memory: EmbeddedMemory;
  wasmModule?: WebAssembly.Module;
}

export const open = async ({ dataDir, template, memory, wasmModule }: EmbeddedOpen) => {
  const options = {
    startParams: embeddedStartParams(PGlite.defaultStartParams, memory),
    ...(wasmModule ? { wasmModule } : {}),
  };
  if (dataDir) return PGlite.create(dataDir, options);
  return PGlite.create(template ? { ...options, loadDataDir: new Blob([template]) } : options);
};

/** Bytes of the WebAssembly memory PostgreSQL runs in (it only grows). */
export const wasmMemoryBytes = (db: PGlite) => db.Module.wasmMemory.buffer.byteLength;
