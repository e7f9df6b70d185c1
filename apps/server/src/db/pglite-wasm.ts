/**
 * PGlite's WebAssembly, compiled once per process and handed to every database thread: each thread would
 * otherwise compile the same 8 MB module again (a test run opens hundreds of embedded databases).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';

/**
 * Which of V8's WebAssembly compilers builds PostgreSQL's code (PGLITE_WASM_OPTIMIZE, decision 067). By default
 * only the baseline compiler (Liftoff): V8 otherwise recompiles PostgreSQL's hot functions with its optimising
 * compiler in the background and keeps both codes, about 60 MB more resident and a slower start, for queries
 * that are small here (the page cache answers most pages). A process-wide V8 setting, read when a module is
 * compiled: set before the first compile, which every later database of the process shares.
 */
export const chooseWasmCompiler = (optimizing: boolean) => {
  setFlagsFromString(optimizing ? '--no-liftoff-only' : '--liftoff-only');
};

let compiled: Promise<WebAssembly.Module | undefined> | undefined;

export const pgliteWasmModule = (): Promise<WebAssembly.Module | undefined> => {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const bytes = await readFile(new URL('pglite.wasm', `file://${entry}`));
    return WebAssembly.compile(bytes);
  })().catch(() => undefined);
  return compiled;
};
