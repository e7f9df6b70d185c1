/**
 * An outside platform's access token (企业微信 gettoken, 钉钉 and 飞书 app tokens), cached in the database with its
 * expiry so every instance uses the same one and the platform's daily limit of token requests is not spent
 * per instance. When it runs out, one instance claims the refresh (`refreshing_until`, a short lease), fetches
 * and stores it; the others wait for that token, and fetch on their own only if the claimer never stores one.
 * A token the platform refuses as invalid is replaced once (`stale`), unless another instance already did.
 */
import { eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformToken } from '../../db/schema';

/** A token this close to its expiry is replaced before use. */
const MARGIN_MS = 5 * 60_000;
const LEASE_MS = 15_000;
const POLL_MS = 200;

export interface FreshToken {
  token: string;
  expiresInSeconds: number;
}

const inFlight = new Map<string, Promise<string>>();

const usable = (row: { token: string; expiresAt: Date } | undefined, stale?: string) =>
  row && row.token !== '' && row.token !== stale && row.expiresAt.getTime() - MARGIN_MS > Date.now()
    ? row.token
    : null;

const read = async (db: Db, key: string) => {
  const [row] = await db.select().from(platformToken).where(eq(platformToken.key, key));
  return row;
};

const store = async (db: Db, key: string, fresh: FreshToken) => {
  const expiresAt = new Date(Date.now() + fresh.expiresInSeconds * 1000);
  await db
    .insert(platformToken)
    .values({ key, token: fresh.token, expiresAt })
    .onConflictDoUpdate({
      target: platformToken.key,
      set: { token: fresh.token, expiresAt, refreshingUntil: null },
    });
  return fresh.token;
};

/** Claims the refresh for this instance: true when no other instance holds an unexpired lease. */
const claim = async (db: Db, key: string) => {
  const until = new Date(Date.now() + LEASE_MS);
  const claimed = await db
    .insert(platformToken)
    .values({ key, token: '', expiresAt: new Date(0), refreshingUntil: until })
    .onConflictDoUpdate({
      target: platformToken.key,
      set: { refreshingUntil: until },
      setWhere: or(isNull(platformToken.refreshingUntil), lt(platformToken.refreshingUntil, sql`now()`)),
    })
    .returning({ key: platformToken.key });
  return claimed.length > 0;
};

const release = (db: Db, key: string) =>
  db
    .update(platformToken)
    .set({ refreshingUntil: null })
    .where(eq(platformToken.key, key))
    .catch(() => undefined);

const refresh = async (db: Db, key: string, fetchToken: () => Promise<FreshToken>, stale?: string) => {
  const deadline = Date.now() + LEASE_MS;
  while (!(await claim(db, key))) {
    const fresh = usable(await read(db, key), stale);
    if (fresh) return fresh;
    // The claimer may have died: after its lease, this instance claims (the loop) or fetches itself.
    if (Date.now() > deadline) return store(db, key, await fetchToken());
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    // Another instance may have stored one between our read and our claim.
    const fresh = usable(await read(db, key), stale);
    if (fresh) {
      await release(db, key);
      return fresh;
    }
    return await store(db, key, await fetchToken());
  } catch (error) {
    await release(db, key);
    throw error;
  }
};

/**
 * The cached token under `key` (name the platform and the app: a changed app id gets its own), fetched when
 * missing, near its expiry, or equal to `stale` (the token the platform just refused).
 */
export const cachedToken = async (
  db: Db,
  key: string,
  fetchToken: () => Promise<FreshToken>,
  stale?: string,
): Promise<string> => {
  const fresh = usable(await read(db, key), stale);
  if (fresh) return fresh;
  const running = inFlight.get(key);
  if (running) return running;
  const next = refresh(db, key, fetchToken, stale).finally(() => inFlight.delete(key));
  inFlight.set(key, next);
  return next;
};
