/**
 * Builds the site when its build is missing or stale (see apps/server/src/site/build.ts), so
 * `npm start` on a fresh clone serves the site and a restart is immediate. `--force` always builds.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isBuildCurrent, REPO_ROOT, SITE_DIST, STAMP_FILE, sourceHash } from '../apps/server/src/site/build';
import { precompress } from './precompress';

const force = process.argv.includes('--force');
if (!force && isBuildCurrent()) {
  process.stdout.write('site build is current\n');
} else {
  const hash = sourceHash();
  process.stdout.write('building the site…\n');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@yuexun/site'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // Hashed assets get compressed siblings, served as they are (no compression per request).
  precompress(join(SITE_DIST, 'client', '_astro'));
  writeFileSync(STAMP_FILE, `${hash}\n`);
}
