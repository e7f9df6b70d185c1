/** `npm run db:migrate`: bring the configured database's schema up to date, then exit. */
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations, SCHEMA_LOCK_KEY } from './migrate';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.withExclusiveLock(SCHEMA_LOCK_KEY, () => runMigrations(database));
  process.stdout.write(`migrations applied (${database.driver})\n`);
} finally {
  await database.close();
}
