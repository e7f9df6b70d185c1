/**
 * The platforms' access tokens shared by every instance (platform-token.ts, decision 060), on both drivers: a
 * stored token is used until near its expiry; while another instance holds the refresh lease this one waits
 * for the token it stores instead of asking the platform itself; a token the platform refused is replaced once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../../test/server';
import { platformToken } from '../../db/schema';
import { cachedToken } from './platform-token';

describe.each(drivers)('platform access tokens on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  const fetcher = () => {
    let calls = 0;
    return {
      fetch: async () => ({ token: `fetched-${++calls}`, expiresInSeconds: 7200 }),
      calls: () => calls,
    };
  };

  it('is fetched once, kept in the database with its expiry, and used until near its end', async () => {
    const f = fetcher();
    const db = server.app.db;
    const [a, b] = await Promise.all([
      cachedToken(db, 'test:a', f.fetch),
      cachedToken(db, 'test:a', f.fetch),
    ]);
    expect([a, b, await cachedToken(db, 'test:a', f.fetch)]).toEqual(['fetched-1', 'fetched-1', 'fetched-1']);
    expect(f.calls()).toBe(1);
    // Two minutes left: within the margin, so it is replaced.
    await db
      .update(platformToken)
      .set({ expiresAt: sql`now() + interval '2 minutes'` })
      .where(eq(platformToken.key, 'test:a'));
    expect(await cachedToken(db, 'test:a', f.fetch)).toBe('fetched-2');
  });

  it('while another instance holds the refresh lease, waits for the token it stores', async () => {
    const f = fetcher();
    const db = server.app.db;
    await db.insert(platformToken).values({
      key: 'test:b',
      token: '',
      expiresAt: new Date(0),
      refreshingUntil: new Date(Date.now() + 10_000),
    });
    const waiting = cachedToken(db, 'test:b', f.fetch);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The other instance stores its token and releases the lease.
    await db
      .update(platformToken)
      .set({ token: 'from-the-other', expiresAt: new Date(Date.now() + 7200_000), refreshingUntil: null })
      .where(eq(platformToken.key, 'test:b'));
    expect(await waiting).toBe('from-the-other');
    expect(f.calls()).toBe(0);
  });

  it('a token the platform refused is replaced once, unless another instance already did', async () => {
    const f = fetcher();
    const db = server.app.db;
    const first = await cachedToken(db, 'test:c', f.fetch);
    expect(await cachedToken(db, 'test:c', f.fetch, first)).toBe('fetched-2');
    // The refused one again (a slower request of the same instance): the new token is already there.
    expect(await cachedToken(db, 'test:c', f.fetch, first)).toBe('fetched-2');
    expect(f.calls()).toBe(2);
  });
});
