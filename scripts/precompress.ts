/**
 * Writes .gz and .br siblings of build files, so the server sends them as they are (@fastify/static
 * `preCompressed`) instead of compressing on every request. Used by the site's and the console's builds.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|html|json)$/;

export const precompress = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(path);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(`${path}.br`, brotliCompressSync(body));
  }
};
