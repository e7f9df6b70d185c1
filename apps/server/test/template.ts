/**
 * What every test database starts from, on both drivers: the schema migrated, the demo content and the
 * demo accounts (with the test passwords) seeded. Made once per run by the global setups; the rest of a
 * first start (site settings, leads, downloads, rules) is each server's own, as in production.
 */
import type { Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedDemoAccounts } from '../src/seed/accounts';
import { seedDemoContent } from '../src/seed/seed';
import { setPasswordHashCost } from '../src/shared/auth/password';
import { TEST_PASSWORD_HASH_COST, TEST_PASSWORDS } from './test-passwords';

export const prepareTemplate = async (database: Database) => {
  setPasswordHashCost(TEST_PASSWORD_HASH_COST);
  await runMigrations(database);
  await seedDemoContent(database.db);
  await seedDemoAccounts(database.db, TEST_PASSWORDS);
};
