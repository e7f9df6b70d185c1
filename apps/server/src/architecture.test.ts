/**
 * docs/architecture.md is the map of the server's folders (issue 30 item 6): this keeps it true. Every folder
 * of apps/server/src has a line in its tables, every line names a folder that exists, and the domain table is
 * exactly the import rule's DOMAINS (.dependency-cruiser.cjs), so a new domain is neither unmapped nor free of
 * the rule that a domain imports no other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, SERVER_DIR } from './server-dir';

const SOURCE = join(SERVER_DIR, 'src');

/** The folder names (`name/`) of each table row's first cell, from `from` up to the next heading or table. */
const tableFolders = (markdown: string) => {
  const section = markdown.slice(
    markdown.indexOf('## Server folders'),
    markdown.indexOf('## Contract files'),
  );
  const [domains = '', platform = ''] = section.split('\nPlatform:\n');
  const folders = (table: string) =>
    table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([\w-]+)\/`/g)].map((m) => m[1] ?? ''));
  return { domains: folders(domains), platform: folders(platform) };
};

const importRuleDomains = (config: string) => {
  const list = config.match(/const DOMAINS =\s*'([^']+)'/)?.[1];
  if (!list) throw new Error('DOMAINS not found in .dependency-cruiser.cjs');
  return list.split('|');
};

const sorted = (names: string[]) => [...names].sort();

describe('the folder map in docs/architecture.md', () => {
  const map = tableFolders(readFileSync(join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8'));
  const onDisk = readdirSync(SOURCE, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const domains = importRuleDomains(readFileSync(join(REPO_ROOT, '.dependency-cruiser.cjs'), 'utf8'));

  it('has one line for every folder of apps/server/src, and none for a folder that is gone', () => {
    const mapped = [...map.domains, ...map.platform];
    expect({ withoutLine: onDisk.filter((name) => !mapped.includes(name)) }).toEqual({ withoutLine: [] });
    expect({ notOnDisk: mapped.filter((name) => !onDisk.includes(name)) }).toEqual({ notOnDisk: [] });
    expect(new Set(mapped).size).toBe(mapped.length);
  });

  it('lists as domains exactly the import rule’s DOMAINS', () => {
    expect(sorted(map.domains)).toEqual(sorted(domains));
    expect(map.platform.filter((name) => domains.includes(name))).toEqual([]);
  });
});
