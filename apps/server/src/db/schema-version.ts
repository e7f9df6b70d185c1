/**
 * Which product version this is and which schema migration its database has reached: `/readyz` and
 * `/metrics` report both, so that an operator in the middle of a rolling upgrade sees which instances
 * run the new code and whether the expanding migration has run (docs/decisions/043-rolling-upgrades.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SERVER_DIR } from '../server-dir';
import { type Db, queryRows } from './client';
import { migrationsFolder } from './migrate';

/** Read from the server's folder at run time: the same from src/ (tsx) and from the compiled dist/. */
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** The server package's version: the product's (apps/server/package.json). */
export const productVersion: string = readJson<{ version: string }>(join(SERVER_DIR, 'package.json')).version;

interface JournalEntry {
  tag: string;
  /** drizzle-kit's generation time: what the migrator stores as the applied row's created_at. */
  when: number;
}

const journal = readJson<{ entries: JournalEntry[] }>(join(migrationsFolder, 'meta', '_journal.json'));

/** The newest migration this build carries, e.g. `0027_lead-ip-index`. */
export const codeMigration: string = journal.entries.at(-1)?.tag ?? 'none';

/**
 * The newest migration applied to the database, by name; null for a database never migrated (a restore's
 * empty target). A database migrated by a newer release has one this build does not know: it is named by its
 * time (`unknown-<ms>`), which is what an old instance sees during a rolling upgrade. Backups record it too.
 */
export const appliedMigration = async (db: Db): Promise<string | null> => {
  const [table] = await queryRows<{ t: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!table?.t) return null;
  const [row] = await queryRows<{ created_at: string | number | null }>(
    db,
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  );
  if (row?.created_at == null) return null;
  const when = Number(row.created_at);
  return journal.entries.find((entry) => entry.when === when)?.tag ?? `unknown-${when}`;
};
