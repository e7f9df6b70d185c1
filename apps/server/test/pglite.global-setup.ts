/**
 * Prepares the PGlite side of the suite: one in-memory database migrated and seeded once per run
 * (test/template.ts) and dumped to a file; every PGlite test server loads a copy of it instead of
 * creating and migrating a cluster of its own (PGlite's initdb alone costs seconds of CPU per server).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { prepareTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump (PGlite dumpDataDir, uncompressed tar) every PGlite test database starts from. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'yuexun-pglite-template-'));
  const database = await openDatabase({ driver: 'pglite', dataDir: null });
  try {
    await prepareTemplate(database);
    if (!('pglite' in database.raw)) throw new Error('not a PGlite database');
    const dump = await database.raw.pglite.dumpDataDir('none');
    const file = join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await database.close();
  }
  return () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
