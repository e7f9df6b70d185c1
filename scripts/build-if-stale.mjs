#!/usr/bin/env node
/**
 * prestart: builds every workspace app whose `dist` is missing or older than its sources, so `npm start`
 * serves current pages on a fresh clone without a separate build step. Generic over workspaces: any
 * workspace with a `build` script and a `dist` output takes part; shared packages it imports count as
 * its sources too (packages/*).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.astro', '.turbo', 'coverage', 'test-results']);

/** Newest modification time under a path (files only; generated folders skipped). */
const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (SKIP.has(entry)) continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
};

const workspaceDirs = () => {
  const patterns = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces ?? [];
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [join(root, pattern)];
    const parent = join(root, pattern.slice(0, -2));
    return existsSync(parent) ? readdirSync(parent).map((name) => join(parent, name)) : [];
  });
};

const sharedSources = Math.max(newest(join(root, 'packages')), newest(join(root, 'package-lock.json')));

for (const dir of workspaceDirs()) {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) continue;
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  // The site has its own content-hash check (scripts/ensure-site-build.ts), run just before this one.
  if (!pkg.scripts?.build || dir.startsWith(join(root, 'packages')) || pkg.name === '@yuexun/site') continue;
  const output = join(dir, 'dist');
  const built = existsSync(output) ? newest(output) : 0;
  const sources = Math.max(newest(dir), sharedSources);
  if (built >= sources) continue;
  console.log(`[build-if-stale] ${pkg.name}: ${built === 0 ? 'no build yet' : 'sources changed'}, building…`);
  execFileSync('npm', ['run', 'build', '--workspace', pkg.name], { cwd: root, stdio: 'inherit' });
}
