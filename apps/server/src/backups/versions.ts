/** The product version and the schema migration a backup records, and the ones this program has. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { migrationsFolder } from '../db/migrate';
import { SERVER_DIR } from '../server-dir';

interface JournalEntry {
  when: number;
  tag: string;
}

const journal = (): JournalEntry[] =>
  (JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] })
    .entries;

export const productVersion = (): string =>
  (JSON.parse(readFileSync(join(SERVER_DIR, 'package.json'), 'utf8')) as { version: string }).version;

/** The newest migration this program brings, e.g. 0027_lead-ip-index. */
export const codeMigration = (): string => journal().at(-1)?.tag ?? '';

/** The newest migration applied to the database ('' when none: an empty database). */
export const databaseMigration = async (db: Db): Promise<string> => {
  const [exists] = await queryRows<{ t: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!exists?.t) return '';
  const [row] = await queryRows<{ created_at: string | number | null }>(
    db,
    sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
  );
  if (row?.created_at == null) return '';
  const when = Number(row.created_at);
  return journal().find((e) => e.when === when)?.tag ?? `unknown-${when}`;
};
