/**
 * Brute-force limits on login, kept in the database so they hold across instances:
 * per account, a lock after N failures that doubles with each further lock (1, 2, 4 … 60 minutes);
 * per client address, at most M failures in a 15-minute window.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempt } from '../db/schema';

const IP_WINDOW_MS = 15 * 60_000;
const FIRST_LOCK_MS = 60_000;
const LONGEST_LOCK_MS = 60 * 60_000;

export interface LoginLimits {
  failuresPerAccount: number;
  failuresPerIp: number;
}

export const accountKey = (username: string) => `account:${username.toLowerCase()}`;
export const ipKey = (ipHash: string) => `ip:${ipHash}`;

/** Milliseconds until the first of the keys unlocks, or 0 when none is locked. */
export const lockedFor = async (db: Db, keys: string[]): Promise<number> => {
  let longest = 0;
  for (const key of keys) {
    const [row] = await db
      .select({ lockedUntil: loginAttempt.lockedUntil })
      .from(loginAttempt)
      .where(eq(loginAttempt.key, key));
    const left = row?.lockedUntil ? row.lockedUntil.getTime() - Date.now() : 0;
    longest = Math.max(longest, left);
  }
  return longest;
};

const lockKey = (tx: Db, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

export const recordAccountFailure = (db: Db, key: string, limits: LoginLimits) =>
  db.transaction(async (tx) => {
    await lockKey(tx, key);
    const [row] = await tx.select().from(loginAttempt).where(eq(loginAttempt.key, key));
    const failures = (row?.failures ?? 0) + 1;
    const locks = row?.locks ?? 0;
    const locking = failures >= limits.failuresPerAccount;
    const next = {
      failures: locking ? 0 : failures,
      locks: locking ? locks + 1 : locks,
      lockedUntil: locking
        ? new Date(Date.now() + Math.min(FIRST_LOCK_MS * 2 ** locks, LONGEST_LOCK_MS))
        : (row?.lockedUntil ?? null),
    };
    if (row) await tx.update(loginAttempt).set(next).where(eq(loginAttempt.key, key));
    else await tx.insert(loginAttempt).values({ key, ...next });
  });

export const recordIpFailure = (db: Db, key: string, limits: LoginLimits) =>
  db.transaction(async (tx) => {
    await lockKey(tx, key);
    const [row] = await tx.select().from(loginAttempt).where(eq(loginAttempt.key, key));
    const now = Date.now();
    const fresh = !row || now - row.windowStartedAt.getTime() >= IP_WINDOW_MS;
    const windowStartedAt = fresh ? new Date(now) : row.windowStartedAt;
    const failures = (fresh ? 0 : row.failures) + 1;
    const lockedUntil =
      failures >= limits.failuresPerIp
        ? new Date(windowStartedAt.getTime() + IP_WINDOW_MS)
        : fresh
          ? null
          : row.lockedUntil;
    const next = { failures, windowStartedAt, lockedUntil, locks: row?.locks ?? 0 };
    if (row) await tx.update(loginAttempt).set(next).where(eq(loginAttempt.key, key));
    else await tx.insert(loginAttempt).values({ key, ...next });
  });

/** A successful login clears the account's counter (not the address's: one address may try many accounts). */
export const clearFailures = (db: Db, key: string) =>
  db.delete(loginAttempt).where(eq(loginAttempt.key, key));
