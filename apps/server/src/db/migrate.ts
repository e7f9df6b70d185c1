import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { SERVER_DIR } from '../server-dir';
import type { Database } from './client';

/** Read at run time from the sources' folder (SQL, not compiled into the build). */
export const migrationsFolder = join(SERVER_DIR, 'src', 'db', 'migrations');

/** Advisory-lock key shared by every instance for schema changes and the demo seed. */
export const SCHEMA_LOCK_KEY = 75_000_001;

export const runMigrations = async (database: Database) => {
  // biome-ignore lint/suspicious/noExplicitAny: the two drizzle flavours share the migrator contract
  const db = database.db as any;
  if (database.driver === 'pglite') await migratePglite(db, { migrationsFolder });
  else await migratePg(db, { migrationsFolder });
};
