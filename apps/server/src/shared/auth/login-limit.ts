/**
 * Brute-force limits on login, kept in the database so they hold across instances:
 * per account, a lock after N failures that doubles with each further lock (1, 2, 4 … 60 minutes);
 * per client address, at most M failures in a 15-minute window. An attempt counts before its
 * password is checked (reserveAttempt), so simultaneous attempts cannot slip past the limit.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempt } from '../../db/schema';

const IP_WINDOW_MS = 15 * 60_000;
const FIRST_LOCK_MS = 60_000;
const LONGEST_LOCK_MS = 60 * 60_000;

export interface LoginLimits {
  failuresPerAccount: number;
  failuresPerIp: number;
}

export const accountKey = (username: string) => `account:${username.toLowerCase()}`;
export const ipKey = (ipHash: string) => `ip:${ipHash}`;

const lockKey = (tx: Db, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

type AttemptRow = typeof loginAttempt.$inferSelect;

const save = async (tx: Db, key: string, row: AttemptRow | undefined, next: Omit<AttemptRow, 'key'>) => {
  if (row) await tx.update(loginAttempt).set(next).where(eq(loginAttempt.key, key));
  else await tx.insert(loginAttempt).values({ key, ...next });
};

const leftOf = (row: AttemptRow | undefined, now: number) =>
  row?.lockedUntil ? Math.max(0, row.lockedUntil.getTime() - now) : 0;

/** One more failure of an account: the limit-th locks it, each lock twice as long as the one before. */
const countAccountFailure = (row: AttemptRow | undefined, limits: LoginLimits, now: number) => {
  const failures = (row?.failures ?? 0) + 1;
  const locks = row?.locks ?? 0;
  const locking = failures >= limits.failuresPerAccount;
  return {
    failures: locking ? 0 : failures,
    locks: locking ? locks + 1 : locks,
    lockedUntil: locking
      ? new Date(now + Math.min(FIRST_LOCK_MS * 2 ** locks, LONGEST_LOCK_MS))
      : (row?.lockedUntil ?? null),
    windowStartedAt: row?.windowStartedAt ?? new Date(now),
  };
};

/** One more failure of an address in its 15-minute window: the limit-th locks it to the window's end. */
const countIpFailure = (row: AttemptRow | undefined, limits: LoginLimits, now: number) => {
  const fresh = !row || now - row.windowStartedAt.getTime() >= IP_WINDOW_MS;
  const windowStartedAt = fresh ? new Date(now) : row.windowStartedAt;
  const failures = (fresh ? 0 : row.failures) + 1;
  const lockedUntil =
    failures >= limits.failuresPerIp
      ? new Date(windowStartedAt.getTime() + IP_WINDOW_MS)
      : fresh
        ? null
        : row.lockedUntil;
  return { failures, windowStartedAt, lockedUntil, locks: row?.locks ?? 0 };
};

export type Reservation =
  | { granted: false; lockedForMs: number }
  | {
      granted: true;
      accountKey: string | null;
      ipKey: string;
      accountNowLocked: boolean;
      /** This attempt locked the account or the address (if it fails; a success gives the count back). */
      nowLocked: boolean;
    };

/**
 * Counts a login attempt as a failure BEFORE its password or code is checked, in one transaction
 * under an advisory lock per key (account first, then address: the same order everywhere, so no
 * deadlock). However many attempts arrive at once on however many instances, at most the limit
 * of them is granted; the rest see the lock. A granted attempt that succeeds gives its count back
 * with `releaseAttempt`.
 */
export const reserveAttempt = (
  db: Db,
  keys: { account: string | null; ip: string },
  limits: LoginLimits,
): Promise<Reservation> =>
  db.transaction(async (tx) => {
    if (keys.account) await lockKey(tx, keys.account);
    await lockKey(tx, keys.ip);
    const now = Date.now();
    const read = async (key: string) =>
      (await tx.select().from(loginAttempt).where(eq(loginAttempt.key, key)))[0];
    const accountRow = keys.account ? await read(keys.account) : undefined;
    const ipRow = await read(keys.ip);
    const lockedForMs = Math.max(leftOf(accountRow, now), leftOf(ipRow, now));
    if (lockedForMs > 0) return { granted: false, lockedForMs };
    let accountNowLocked = false;
    if (keys.account) {
      const next = countAccountFailure(accountRow, limits, now);
      accountNowLocked = leftOf({ key: keys.account, ...next }, now) > 0;
      await save(tx, keys.account, accountRow, next);
    }
    const ipNext = countIpFailure(ipRow, limits, now);
    await save(tx, keys.ip, ipRow, ipNext);
    const nowLocked = accountNowLocked || leftOf({ key: keys.ip, ...ipNext }, now) > 0;
    return { granted: true, accountKey: keys.account, ipKey: keys.ip, accountNowLocked, nowLocked };
  });

/**
 * A granted attempt succeeded: the account starts afresh (counter, backoff and any lock this very
 * attempt set), and the address gets its count back (one address may try many accounts; a
 * successful login is no failure).
 */
export const releaseAttempt = (
  db: Db,
  reservation: Extract<Reservation, { granted: true }>,
  limits: LoginLimits,
) =>
  db.transaction(async (tx) => {
    if (reservation.accountKey) {
      await lockKey(tx, reservation.accountKey);
      await tx.delete(loginAttempt).where(eq(loginAttempt.key, reservation.accountKey));
    }
    await lockKey(tx, reservation.ipKey);
    const [row] = await tx.select().from(loginAttempt).where(eq(loginAttempt.key, reservation.ipKey));
    if (!row || row.failures === 0) return;
    const failures = row.failures - 1;
    const stillLocked = failures >= limits.failuresPerIp;
    await tx
      .update(loginAttempt)
      .set({ failures, lockedUntil: stillLocked ? row.lockedUntil : null })
      .where(eq(loginAttempt.key, reservation.ipKey));
  });
