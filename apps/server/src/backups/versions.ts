/**
 * The product version and the schema migration a backup records, and the ones this program has: the same
 * figures /readyz and /metrics report (db/schema-version.ts), in the form the manifest keeps ('' for none).
 */
import type { Db } from '../db/client';
import {
  appliedMigration,
  codeMigration as newestMigration,
  productVersion as version,
} from '../db/schema-version';

export const productVersion = (): string => version;

/** The newest migration this program brings, e.g. 0027_lead-ip-index. */
export const codeMigration = (): string => newestMigration;

/** The newest migration applied to the database ('' when none: an empty database). */
export const databaseMigration = async (db: Db): Promise<string> => (await appliedMigration(db)) ?? '';
