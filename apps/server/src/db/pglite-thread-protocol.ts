/**
 * Messages between the server's thread and the worker thread that owns the embedded database
 * (pglite-thread.ts ↔ pglite-worker.ts). Plain data only: they cross the thread boundary by structured clone.
 */
import type { EmbeddedMemory } from './pglite-memory';

export interface OpenRequest {
  /** A data directory, or null for an in-memory database. */
  dataDir: string | null;
  /** In memory only: a PGlite dumpDataDir to start from (tests' template), as its bytes. */
  template?: ArrayBuffer;
  /** PostgreSQL's memory settings and the WebAssembly memory's starting size (pglite-memory.ts). */
  memory: EmbeddedMemory;
  /** PGlite's WebAssembly, compiled once per process (pglite-wasm.ts); a thread then skips compiling it. */
  wasmModule?: WebAssembly.Module;
  /** Create the cluster in dataDir, close it and stop (a first start; see PGliteThread.start). */
  initOnly?: true;
}

export type QueryRequest = {
  id: number;
  /** The transaction the query belongs to; absent: outside any transaction. */
  txId?: number;
  sql: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /**
   * Type oids whose text is returned unchanged instead of parsed (drizzle keeps dates and intervals as
   * text this way); parser functions themselves cannot cross a thread.
   */
  textTypes?: number[];
};

/**
 * A transaction's first statement carries `begin`: the worker opens the transaction and runs it in one
 * message, so a transaction costs no hop of its own between the threads (a lead is one statement and COMMIT).
 */
export type Request =
  | ({ op: 'query'; begin?: true } & QueryRequest)
  | { op: 'exec'; id: number; txId?: number; begin?: true; sql: string }
  | { op: 'end'; id: number; txId: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; channel: string }
  | { op: 'dump'; id: number }
  | { op: 'memory'; id: number }
  | { op: 'close'; id: number };

/** An error as the worker saw it: message plus the fields PostgreSQL sets (code, detail, constraint…). */
export interface SerialisedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type Reply =
  | { kind: 'ready' }
  | { kind: 'openFailed'; error: SerialisedError }
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: SerialisedError }
  | { kind: 'notify'; channel: string; payload: string };

export const serialiseError = (error: unknown): SerialisedError => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue; // e.g. a parser's internals
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
};

export const reviveError = (error: SerialisedError): Error =>
  Object.assign(new Error(error.message), error.fields, { name: error.name });
