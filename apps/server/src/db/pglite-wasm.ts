/**
 * PGlite's WebAssembly, compiled once per process and handed to every database thread: each thread would
 * otherwise compile the same 8 MB module again (a test run opens hundreds of embedded databases).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

let compiled: Promise<WebAssembly.Module | undefined> | undefined;

export const pgliteWasmModule = (): Promise<WebAssembly.Module | undefined> => {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const bytes = await readFile(new URL('pglite.wasm', `file://${entry}`));
    return WebAssembly.compile(bytes);
  })().catch(() => undefined);
  return compiled;
};
