/**
 * Every demo seed runs at most once per database: in one transaction that first claims its name in
 * seed_run, so a restart, or a second instance starting at the same moment, skips it.
 */
import type { Db } from '../db/client';
import { seedRun } from '../db/schema';

/**
 * Applies `apply` if `name` was never claimed. True when it applied; false when it had run before, or
 * when `apply` itself answers false (it decided there was nothing to add).
 */
export const seedOnce = (db: Db, name: string, apply: (tx: Db) => Promise<boolean | undefined>) =>
  db.transaction(async (tx) => {
    const [claimed] = await tx.insert(seedRun).values({ name }).onConflictDoNothing().returning();
    if (!claimed) return false;
    return (await apply(tx)) !== false;
  });
