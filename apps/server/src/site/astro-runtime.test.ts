/**
 * The patches of Astro internals in astro-runtime.ts (decision 039) were measured on one Astro version. An
 * upgrade may rename what they reach into, and they would then fall silent (no error, only slower pages):
 * this fails until someone has checked them against the new version, run bench:render, and moved the pin.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASTRO_MEASURED_VERSION } from './astro-runtime';
import { SITE_DIR } from './build';

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** The astro package Node resolves from the site: its own node_modules first, then the workspace's. */
const installedAstro = () => {
  const own = join(SITE_DIR, 'node_modules', 'astro', 'package.json');
  const hoisted = join(SITE_DIR, '..', '..', 'node_modules', 'astro', 'package.json');
  return (json(existsSync(own) ? own : hoisted) as { version: string }).version;
};

describe('the Astro runtime patches', () => {
  it('were measured on the Astro version the site uses and installs', () => {
    const site = json(join(SITE_DIR, 'package.json')) as Record<string, Record<string, string> | undefined>;
    const pinned = site.dependencies?.astro ?? site.devDependencies?.astro;
    const resolved = installedAstro();
    expect({ pinned, resolved }).toEqual({
      pinned: ASTRO_MEASURED_VERSION,
      resolved: ASTRO_MEASURED_VERSION,
    });
  });
});
