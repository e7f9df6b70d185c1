/**
 * Node's WebAssembly global as the server uses it (db/pglite-wasm.ts). The server's libraries (ES2023 and Node's
 * types) describe WebAssembly's types but not the global's functions, which TypeScript keeps in the DOM library.
 */
declare namespace WebAssembly {
  function compile(bytes: Uint8Array): Promise<Module>;
}
