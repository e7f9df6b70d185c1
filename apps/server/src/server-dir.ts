/**
 * The server's folder (apps/server), found from this module's address: it runs as src/server-dir.ts under
 * tsx and Vitest, and inside dist/main.js when compiled (scripts/build-server.mjs bundles it); both sit one
 * folder below apps/server. Files the server reads at run time (migrations, the site's and console's builds)
 * are found from here, never from a module's own address, which differs between the two.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
export const REPO_ROOT = join(SERVER_DIR, '..', '..');
