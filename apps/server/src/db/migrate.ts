import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Advisory-lock key shared by every instance for schema changes and the demo seed. */
export const SCHEMA_LOCK_KEY = 75_000_001;

export const runMigrations = async (database: Database) => {
  // biome-ignore lint/suspicious/noExplicitAny: the two drizzle flavours share the migrator contract
  const db = database.db as any;
  if (database.driver === 'pglite') await migratePglite(db, { migrationsFolder });
  else await migratePg(db, { migrationsFolder });
};
