#!/usr/bin/env node
/**
 * Compiles the server into apps/server/dist (decision 041): `npm start` runs this JavaScript with
 * `node --enable-source-maps`, not TypeScript through a loader. One bundle per entry point: the server
 * (main.js), the embedded database's worker thread (pglite-worker-entry.mjs, the name the server's thread
 * asks for beside it, see db/pglite-thread.ts), `npm run db:migrate` (migrate-cli.js), `npm run files:migrate`
 * (files-migrate-cli.js) and `npm run backup` / `npm run restore` (backup-cli.js, restore-cli.js). The workspace
 * packages (@yuexun/*, TypeScript sources) are compiled in; every other package stays in node_modules and
 * is imported as it is, so a heavy one loaded lazily (`await import('sharp')`) still loads only when needed.
 * Source maps without the sources' text: stack traces name the .ts file and line; the map stays small.
 * `--if-stale`: only when a source is newer than the build (tests and benchmarks call it before starting
 * the compiled server).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const serverDir = join(root, 'apps', 'server');
const outdir = join(serverDir, 'dist');
const SKIP = new Set(['node_modules', 'dist', 'test', 'migrations']);

/** Newest modification time of a TypeScript source under a path (tests skipped: they are not compiled). */
const newestSource = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory())
    return /\.(ts|mjs|json)$/.test(path) && !path.endsWith('.test.ts') ? stat.mtimeMs : 0;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (!SKIP.has(entry)) latest = Math.max(latest, newestSource(join(path, entry)));
  }
  return latest;
};

const builtAt = () => {
  const main = join(outdir, 'main.js');
  return existsSync(main) ? statSync(main).mtimeMs : 0;
};

export const serverBuildIsCurrent = () =>
  builtAt() >=
  Math.max(
    newestSource(join(serverDir, 'src')),
    newestSource(join(root, 'packages')),
    statSync(join(root, 'package-lock.json')).mtimeMs,
    statSync(import.meta.filename).mtimeMs,
  );

/** Everything imported by a bare name stays external except the workspace's own packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@yuexun/') ? undefined : { path: args.path, external: true },
    );
  },
};

const common = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  sourcesContent: false,
  // Keeps class and function names in logs and stack traces.
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
  write: false,
};

/**
 * Each file is written beside its place and renamed into it: a server starting while another process
 * builds (two test workers) reads the old file or the new one, never half of one.
 */
const writeAtomically = ({ outputFiles }) => {
  for (const file of outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
};

export const buildServer = async () => {
  const started = performance.now();
  const results = await Promise.all([
    build({
      ...common,
      entryPoints: {
        main: 'apps/server/src/main.ts',
        'migrate-cli': 'apps/server/src/db/migrate-cli.ts',
        'files-migrate-cli': 'apps/server/src/files/files-migrate-cli.ts',
        'backup-cli': 'apps/server/src/backup-cli.ts',
        'restore-cli': 'apps/server/src/restore-cli.ts',
      },
    }),
    // Named as the server's thread asks for it beside itself (.mjs).
    build({
      ...common,
      entryPoints: { 'pglite-worker-entry': 'apps/server/src/db/pglite-worker.ts' },
      outExtension: { '.js': '.mjs' },
    }),
  ]);
  // main.js last: its time is the build's time (serverBuildIsCurrent).
  for (const result of results.reverse()) writeAtomically(result);
  return performance.now() - started;
};

if (process.argv[1] === import.meta.filename) {
  if (process.argv.includes('--if-stale') && serverBuildIsCurrent()) {
    process.stdout.write('server build is current\n');
  } else {
    const ms = await buildServer();
    process.stdout.write(`server built into apps/server/dist in ${Math.round(ms)} ms\n`);
  }
}
