/**
 * Where the site's build lives, and whether it is current: a stamp in dist holds the hash of the
 * site's sources, its config and the lockfile, so `npm start` rebuilds only when something changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../server-dir';

export { REPO_ROOT };
export const SITE_DIR = join(REPO_ROOT, 'apps', 'site');
export const SITE_DIST = join(SITE_DIR, 'dist');
export const STAMP_FILE = join(SITE_DIST, '.build-stamp');

const INPUTS = [
  join(SITE_DIR, 'src'),
  join(SITE_DIR, 'public'),
  join(SITE_DIR, 'astro.config.mjs'),
  join(SITE_DIR, 'package.json'),
  join(REPO_ROOT, 'packages', 'contract', 'src'),
  join(REPO_ROOT, 'packages', 'request', 'src'),
  join(REPO_ROOT, 'package-lock.json'),
];

const filesUnder = (path: string): string[] => {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
};

export const sourceHash = () => {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash.update(relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
};

export const isBuildCurrent = () =>
  existsSync(join(SITE_DIST, 'server', 'entry.mjs')) &&
  existsSync(STAMP_FILE) &&
  readFileSync(STAMP_FILE, 'utf8').trim() === sourceHash();
